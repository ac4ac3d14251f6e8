import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RecordText } from '../../../components/RecordText';
import type { TestingFormat } from '../format';
import type { UserTest } from '../types';
import { Analytics } from './Analytics';
import { StatusTag } from './StatusTag';
import { TestActionButton } from './TestActionButton';
import { TestOutcome } from './TestOutcome';

/**
 * Compact /test: one card per test with its number, duration, date, time, status, result (two
 * decimals, §9), analytics and the start button (learner-and-instructor.md §2). `level`: of the
 * cards' titles (3 under a heading of the page's own).
 */
export function TestCards({ tests, format, level = 2 }: { tests: readonly UserTest[]; format: TestingFormat; level?: 2 | 3 }) {
  const { t } = useTranslation('testing');
  return (
    <ol className="oqu-test-cards">
      {tests.map((test, index) => {
        return (
          <li key={test.ID} data-testid={`test-row-${test.ID}`}>
            <Card className="oqu-card oqu-test-card">
              <div className="oqu-test-card-head">
                <span className="oqu-test-card-number">{t('list.numberValue', { number: index + 1 })}</span>
                <StatusTag status={test.Status} format={format} />
              </div>
              <Typography.Title level={level} className="oqu-test-card-title">
                <RecordText>{test.Name}</RecordText>
              </Typography.Title>
              {test.Topic && (
                <p className="oqu-test-meta">
                  <RecordText>{test.Topic}</RecordText>
                </p>
              )}
              <dl className="oqu-test-facts">
                <div>
                  <dt>{t('list.duration')}</dt>
                  <dd>{format.minutes(test.Duration)}</dd>
                </div>
                <div>
                  <dt>{t('list.dateOnly')}</dt>
                  <dd>{format.date(test.Date)}</dd>
                </div>
                <div>
                  <dt>{t('list.timeOnly')}</dt>
                  <dd>{format.time(test.Date)}</dd>
                </div>
                <div>
                  <dt>{t('list.passCondition')}</dt>
                  <dd>{format.passCondition(test.PassMarks)}</dd>
                </div>
                <div>
                  <dt>{t('list.result')}</dt>
                  <dd>
                    <TestOutcome test={test} format={format} digits={2} />
                  </dd>
                </div>
              </dl>
              {test.Analytics.length > 0 && (
                <div className="oqu-test-card-analytics">
                  <Typography.Title level={level === 2 ? 3 : 4} className="oqu-test-card-subtitle">
                    {t('list.analytics')}
                  </Typography.Title>
                  <Analytics analytics={test.Analytics} format={format} digits={2} />
                </div>
              )}
              <TestActionButton test={test} layout="compact" block />
            </Card>
          </li>
        );
      })}
    </ol>
  );
}
