import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExamTable } from './api';
import type { VotingState } from './votes';

/** The rule every verdict follows, as the report card states it (empty until the server says it). */
export function VerdictRuleLine({ rule }: { rule: string }) {
  const { t } = useTranslation('exams');
  if (!rule) return null;
  return (
    <Typography.Text data-testid="exam-verdict-rule">
      <Typography.Text strong>{t('results.verdictRule')}</Typography.Text> {rule}
    </Typography.Text>
  );
}

/** Why the caller's vote buttons do not work now: before the start, or once the document is signed. */
export function VotingNote({ table, voting }: { table: Pick<ExamTable, 'Signed'>; voting: VotingState }) {
  const { t } = useTranslation('exams');
  if (voting === 'open') return null;
  const key = voting === 'notYet' ? 'results.votesNotYet' : table.Signed ? 'results.locked' : 'results.lockedByOthers';
  return (
    <Typography.Text type="secondary" data-testid="exam-locked">
      {t(key)}
    </Typography.Text>
  );
}
