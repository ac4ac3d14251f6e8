import { CheckCircleOutlined, ClockCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { type PillTone, StatusPill } from '../../components/StatusPill';
import { useWebinarFormat } from './lists/format';
import { type WebinarStatusKey, webinarStatusKey } from './lists/status';

const LOOKS: Record<WebinarStatusKey, { tone: PillTone; icon: React.ReactNode }> = {
  waiting: { tone: 'blue', icon: <ClockCircleOutlined aria-hidden /> },
  live: { tone: 'green', icon: <PlayCircleOutlined aria-hidden /> },
  finished: { tone: 'grey', icon: <CheckCircleOutlined aria-hidden /> },
};

/** A webinar's status in its colour (blue waiting, green in progress, grey finished), in lists and rooms. */
export function WebinarStatusTag({ status, testId }: { status: string; testId?: string }) {
  const format = useWebinarFormat();
  const key = webinarStatusKey(status);
  const look = LOOKS[key ?? 'finished'];
  return (
    <StatusPill tone={look.tone} icon={key && look.icon} status={status} testId={testId}>
      {format.status(status)}
    </StatusPill>
  );
}
