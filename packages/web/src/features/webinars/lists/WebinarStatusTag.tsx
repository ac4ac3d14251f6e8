import { CheckCircleOutlined, ClockCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { useWebinarFormat } from './format';
import { webinarStatusKey } from './status';
import './lists.css';

const ICONS = {
  waiting: <ClockCircleOutlined aria-hidden />,
  live: <PlayCircleOutlined aria-hidden />,
  finished: <CheckCircleOutlined aria-hidden />,
};

/** A webinar's status in its colour (blue waiting, green in progress, grey finished), with AA contrast. */
export function WebinarStatusTag({ status }: { status: string }) {
  const format = useWebinarFormat();
  const key = webinarStatusKey(status);
  return (
    <span className={`oqu-webinar-status oqu-webinar-status-${key ?? 'finished'}`} data-status={status}>
      {key && ICONS[key]}
      <span>{format.status(status)}</span>
    </span>
  );
}
