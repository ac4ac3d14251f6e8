import { useTranslation } from 'react-i18next';
import type { TestingFormat } from '../format';
import type { UserTest } from '../types';

/** The latest finished attempt: correct of questions and the percent; a dash before. */
export function TestOutcome({
  test,
  format,
  digits = 0,
  inline = false,
}: {
  test: UserTest;
  format: TestingFormat;
  digits?: 0 | 2;
  /** On one line: "4 of 5 · 80 %". */
  inline?: boolean;
}) {
  const { t } = useTranslation('testing');
  if (test.Result === null) return <span className="oqu-muted">{t('list.noResult')}</span>;
  return (
    <span className={inline ? 'oqu-test-outcome oqu-test-outcome-inline' : 'oqu-test-outcome'}>
      <span className="oqu-nowrap">{t('list.resultValue', { correct: test.Result, total: test.Questions })}</span>
      {test.Percent !== null && <strong className="oqu-nowrap">{format.percent(test.Percent, digits)}</strong>}
    </span>
  );
}
