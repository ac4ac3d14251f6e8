import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined, RedoOutlined } from '@ant-design/icons';
import { type PillTone, StatusPill } from '../../../components/StatusPill';
import type { TestingFormat } from '../format';
import { type StatusTone, statusTone } from '../run';

const LOOKS: Record<StatusTone, { tone: PillTone; icon: React.ReactNode }> = {
  upcoming: { tone: 'blue', icon: <ClockCircleOutlined aria-hidden /> },
  failed: { tone: 'pink', icon: <CloseCircleOutlined aria-hidden /> },
  retake: { tone: 'orange', icon: <RedoOutlined aria-hidden /> },
  done: { tone: 'green', icon: <CheckCircleOutlined aria-hidden /> },
};

/** A test's status in its colour (§4: blue upcoming, pink failed, orange retake, green otherwise). */
export function StatusTag({ status, format }: { status: string; format: TestingFormat }) {
  const look = LOOKS[statusTone(status)];
  return (
    <StatusPill tone={look.tone} icon={look.icon} status={status}>
      {format.status(status)}
    </StatusPill>
  );
}
