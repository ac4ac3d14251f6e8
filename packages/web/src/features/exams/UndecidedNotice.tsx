import type { ExamUndecided } from '@oqu/contracts';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { undecidedLines } from './undecided';

/** The examiners who still have to vote, and on whom (signing opens once none is left); nothing when none. */
export function UndecidedList({ undecided }: { undecided: readonly ExamUndecided[] }) {
  const { t } = useTranslation('exams');
  const me = useSession()?.ID;
  return (
    <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="exam-undecided-list">
      {undecidedLines(undecided, me).map((line) => (
        <li key={line.examinerId} data-testid={`exam-undecided-${line.examinerId}`} style={{ overflowWrap: 'anywhere' }}>
          {t(line.mine ? 'undecided.mine' : 'undecided.other', { name: line.name, count: line.count })} {line.shown.join(', ')}
          {line.more > 0 && ` ${t('undecided.more', { count: line.more })}`}
        </li>
      ))}
    </ul>
  );
}

/** Who is undecided, as a warning on the results pages. */
export function UndecidedNotice({ undecided }: { undecided: readonly ExamUndecided[] }) {
  const { t } = useTranslation('exams');
  if (undecided.every((examiner) => examiner.Trainees.length === 0)) return null;
  return (
    <Alert
      type="warning"
      showIcon
      title={t('undecided.title')}
      description={<UndecidedList undecided={undecided} />}
      data-testid="exam-undecided"
    />
  );
}
