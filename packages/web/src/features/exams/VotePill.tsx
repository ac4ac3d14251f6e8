import { CheckCircleOutlined, CloseCircleOutlined, MinusCircleOutlined } from '@ant-design/icons';
import type { ExamVerdict, ExamVoteValue } from '@oqu/contracts';
import { useTranslation } from 'react-i18next';
import { type PillTone, StatusPill } from '../../components/StatusPill';

const LOOKS: Record<'accepted' | 'rejected' | 'none', { tone: PillTone; icon: React.ReactNode }> = {
  accepted: { tone: 'green', icon: <CheckCircleOutlined aria-hidden /> },
  rejected: { tone: 'pink', icon: <CloseCircleOutlined aria-hidden /> },
  none: { tone: 'grey', icon: <MinusCircleOutlined aria-hidden /> },
};

/** The key of a vote's look and of its words (`vote.*`). */
export const voteLook = (vote: ExamVoteValue) => (vote === 'true' ? 'accepted' : vote === 'false' ? 'rejected' : 'none');

/** One examiner's vote on a trainee: accepted, rejected or none yet (admin-back-office.md §4). */
export function VotePill({ vote, testId }: { vote: ExamVoteValue; testId?: string }) {
  const { t } = useTranslation('exams');
  const key = voteLook(vote);
  return (
    <StatusPill tone={LOOKS[key].tone} icon={LOOKS[key].icon} status={vote} testId={testId}>
      {t(`vote.${key}`)}
    </StatusPill>
  );
}

/** A trainee's verdict from all the votes: accepted, rejected, or not settled yet. */
export function VerdictPill({ verdict, testId }: { verdict: ExamVerdict; testId?: string }) {
  const { t } = useTranslation('exams');
  const key = verdict === 'pending' ? 'none' : verdict;
  return (
    <StatusPill tone={LOOKS[key].tone} icon={LOOKS[key].icon} status={verdict} testId={testId}>
      {t(`verdict.${verdict}`)}
    </StatusPill>
  );
}
