import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined, RedoOutlined } from '@ant-design/icons';
import type { TestingFormat } from '../format';
import { type StatusTone, statusTone } from '../run';
import '../testing.css';

const ICONS: Record<StatusTone, React.ReactNode> = {
  upcoming: <ClockCircleOutlined aria-hidden />,
  failed: <CloseCircleOutlined aria-hidden />,
  retake: <RedoOutlined aria-hidden />,
  done: <CheckCircleOutlined aria-hidden />,
};

/** A test's status in its colour (§4: blue upcoming, pink failed, orange retake, green otherwise). */
export function StatusTag({ status, format }: { status: string; format: TestingFormat }) {
  const tone = statusTone(status);
  return (
    <span className={`oqu-test-status oqu-test-status-${tone}`} data-status={status}>
      {ICONS[tone]}
      <span>{format.status(status)}</span>
    </span>
  );
}
