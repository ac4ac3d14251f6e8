import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/LoadError';
import { useSession } from '../../../lib/session';
import { useUserTests } from '../api';
import { useTestingFormat } from '../format';
import type { Layout } from '../paths';
import { useUnsentAnswers } from '../queueRegistry';
import { TestCards } from './TestCards';
import { NoTests, TestsSkeleton } from './TestsStates';
import { TestsTable } from './TestsTable';
import { UnsentBanner } from './UnsentBanner';
import '../testing.css';

/** Answers this trainee left unsent are sent from the lists too, with the same warning. */
export function UnsentAnswersWarning() {
  const userId = useSession()?.ID;
  const unsent = useUnsentAnswers(userId);
  return <UnsentBanner pending={unsent.pending} sending={unsent.sending} failureMessage={unsent.failureMessage} onRetry={unsent.retry} />;
}

/**
 * The tests of the trainee's plan in either layout, with loading, error and empty states.
 * `limit`: only the first tests (the home page shows 2, §9). `titled`: a heading of the page's own
 * stands above the list, so its headings go one level down.
 */
export function TestsList({ layout, limit, titled = false }: { layout: Layout; limit?: number; titled?: boolean }) {
  const { t } = useTranslation('testing');
  const format = useTestingFormat();
  const tests = useUserTests();

  if (tests.isError && !tests.data) return <LoadError error={tests.error} onRetry={() => void tests.refetch()} />;
  if (!tests.data) return <TestsSkeleton rows={limit ?? 4} />;
  if (tests.data.length === 0) return <NoTests bare={limit !== undefined} level={limit !== undefined || titled ? 3 : 2} />;

  const shown = limit === undefined ? tests.data : tests.data.slice(0, limit);
  if (layout === 'compact') return <TestCards tests={shown} format={format} level={titled ? 3 : 2} />;
  const table = <TestsTable tests={shown} format={format} caption={t('list.caption')} />;
  return limit === undefined ? <Card className="oqu-card oqu-tests-card">{table}</Card> : table;
}
