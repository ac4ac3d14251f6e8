import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  EditOutlined,
  MinusCircleOutlined,
  PlayCircleOutlined,
} from '@ant-design/icons';
import { EXAM_STATUS, type Exam } from '@oqu/contracts';
import { useTranslation } from 'react-i18next';
import { type PillTone, StatusPill } from '../../components/StatusPill';
import { examStatusTone, verdictKey } from './examRooms';
import { useExamRoomsFormat } from './useExamRoomsFormat';

/** An exam's status: blue while 'В процессе', grey otherwise (admin-back-office.md §4). */
export function ExamStatusPill({ status, testId }: { status: string; testId?: string }) {
  const format = useExamRoomsFormat();
  const icon =
    status === EXAM_STATUS.Live ? (
      <PlayCircleOutlined aria-hidden />
    ) : status === EXAM_STATUS.Waiting ? (
      <ClockCircleOutlined aria-hidden />
    ) : (
      <CheckCircleOutlined aria-hidden />
    );
  return (
    <StatusPill tone={examStatusTone(status)} icon={icon} status={status} testId={testId}>
      {format.status(status)}
    </StatusPill>
  );
}

const VERDICT_LOOKS = {
  accepted: { tone: 'green', icon: <CheckCircleOutlined aria-hidden /> },
  rejected: { tone: 'pink', icon: <CloseCircleOutlined aria-hidden /> },
  pending: { tone: 'grey', icon: <MinusCircleOutlined aria-hidden /> },
  awaitingSignature: { tone: 'orange', icon: <EditOutlined aria-hidden /> },
} as const satisfies Record<string, { tone: PillTone; icon: React.ReactNode }>;

/** The trainee's verdict once every examiner has signed; "awaiting signatures" once over; a dash before. */
export function VerdictPill({ exam, testId }: { exam: Pick<Exam, 'Verdict' | 'Status'>; testId?: string }) {
  const { t } = useTranslation('examRooms');
  const key = verdictKey(exam);
  if (key === 'none') return <span data-testid={testId}>—</span>;
  const look = VERDICT_LOOKS[key];
  return (
    <StatusPill tone={look.tone} icon={look.icon} status={key} testId={testId}>
      {t(`verdict.${key}`)}
    </StatusPill>
  );
}
