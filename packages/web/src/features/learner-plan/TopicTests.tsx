import type { PlanTopicRow } from '@oqu/contracts';
import { useTranslation } from 'react-i18next';
import { RecordText } from '../../components/RecordText';
import { StatusBadge } from './Badges';
import type { PlanFormat } from './format';

type Test = PlanTopicRow['Tests'][number];

/** The trainee's standing on one test: passed, failed with a best result, or not taken yet. */
export function TestOutcome({ test, format }: { test: Test; format: PlanFormat }) {
  const { t } = useTranslation('learner');
  if (test.Passed) {
    return (
      <StatusBadge tone="done">
        {test.Result !== null ? t('test.passedWith', { result: format.percent(test.Result) }) : t('test.passed')}
      </StatusBadge>
    );
  }
  if (test.Result !== null) return <StatusBadge tone="failed">{t('test.failedWith', { result: format.percent(test.Result) })}</StatusBadge>;
  return <StatusBadge tone="muted">{t('test.notTaken')}</StatusBadge>;
}

/**
 * Tests of a topic: name, pass condition ("> N %", §5), duration and the trainee's best result.
 * `cards` draws each test as a small box (details views); otherwise a compact list for table cells.
 */
export function TopicTests({ tests, format, cards = false }: { tests: readonly Test[]; format: PlanFormat; cards?: boolean }) {
  const { t } = useTranslation('learner');
  if (tests.length === 0) return <span className="oqu-muted">{t('test.none')}</span>;
  return (
    <ul className={cards ? 'oqu-topic-tests oqu-topic-tests-cards' : 'oqu-topic-tests'}>
      {tests.map((test) => (
        <li key={test.ID} className="oqu-topic-test">
          <span className="oqu-topic-test-name">
            <RecordText>{test.Name}</RecordText>
          </span>
          <span className="oqu-topic-test-facts">
            <span>
              {t('test.passConditionLabel')}: <span className="oqu-nowrap">{format.passCondition(test.PassMarks)}</span>
            </span>
            <span>
              {t('test.duration')}: <span className="oqu-nowrap">{format.minutes(test.Duration)}</span>
            </span>
            <TestOutcome test={test} format={format} />
          </span>
        </li>
      ))}
    </ul>
  );
}
