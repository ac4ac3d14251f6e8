import { ArrowLeftOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ButtonLink';
import { PageTitle } from '../../../components/PageTitle';
import { errorMessage } from '../../../lib/api';
import { refreshStandings, startTest, useTestResult } from '../api';
import { type TestingFormat, useTestingFormat } from '../format';
import { type Layout, testsListPath } from '../paths';
import { type StartBlocker, startBlocker } from '../run';
import { type LearnerTestDetails, TEST_STATUS } from '../types';

/** Why there is no start button, in the trainee's words. */
function BlockerNote({
  testId,
  blocker,
  details,
  format,
}: {
  testId: number;
  blocker: StartBlocker;
  details: LearnerTestDetails;
  format: TestingFormat;
}) {
  const { t } = useTranslation('testing');
  const result = useTestResult(testId, blocker === 'taken');
  const text = blocker === 'retakeLater' ? t('card.retakeLater', { time: format.dateTime(details.Date) }) : t(`card.blocked.${blocker}`);
  const last = result.data;
  return (
    <Alert
      type={blocker === 'empty' ? 'warning' : 'info'}
      showIcon
      title={text}
      description={
        last ? t('card.lastResult', { correct: last.Correct, total: last.Questions, percent: format.percent(last.Percent) }) : undefined
      }
      data-testid="test-start-blocked"
      data-reason={blocker}
    />
  );
}

/**
 * The card before an attempt (/user/testing/{id}, /testing/{id}): what the test is — questions,
 * duration, pass condition, attempts — and a confirm button. Only that button starts the attempt
 * (POST /api/test/starttest), so a bookmark, a shared link or Forward never starts the clock.
 */
export function StartCard({
  layout,
  testId,
  details,
  onStarted,
}: {
  layout: Layout;
  testId: number;
  details: LearnerTestDetails;
  onStarted: () => void;
}) {
  const { t } = useTranslation('testing');
  const format = useTestingFormat();
  const client = useQueryClient();
  const start = useMutation({
    mutationFn: () => startTest(testId),
    onSuccess: () => {
      refreshStandings(client);
      onStarted();
    },
    // the server knows better (the opening closed, the retake was cancelled): read the test again
    onError: () => refreshStandings(client),
  });
  const blocker = startBlocker(details);
  const retake = details.Status === TEST_STATUS.Retake;
  const facts: [string, string][] = [
    [t('run.plan'), details.Plan.Name],
    [t('run.topic'), details.Topic.Name],
    [t('run.questions'), String(details.Questions)],
    [t('list.duration'), format.minutes(details.Duration)],
    [t('list.passCondition'), format.passCondition(details.PassMarks)],
    [t('card.attempts'), t(retake ? 'card.attemptsRetake' : blocker === 'taken' ? 'card.attemptsUsed' : 'card.attemptsFirst')],
  ];

  return (
    <section className="oqu-page">
      <PageTitle
        extra={
          <ButtonLink to={testsListPath(layout)} type="link" icon={<ArrowLeftOutlined aria-hidden />}>
            {t('run.backToList')}
          </ButtonLink>
        }
      >
        {details.Name}
      </PageTitle>
      <Card className="oqu-card oqu-start-card" data-testid="test-start-card">
        <Flex vertical gap={16}>
          {details.Description.trim() && (
            <Typography.Paragraph className="oqu-test-description">{details.Description}</Typography.Paragraph>
          )}
          <dl className="oqu-test-facts oqu-start-facts">
            {facts
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
          </dl>
          {blocker ? (
            <BlockerNote testId={testId} blocker={blocker} details={details} format={format} />
          ) : (
            <>
              <Typography.Paragraph className="oqu-muted" data-testid="test-start-clock-note">
                {details.Type ? t('card.clockWebinar') : t('card.clock', { duration: format.minutes(details.Duration) })}
              </Typography.Paragraph>
              {start.isError && (
                <Alert type="error" showIcon title={errorMessage(start.error, t('run.error'))} data-testid="test-start-error" />
              )}
              <div>
                <Button
                  type="primary"
                  size="large"
                  icon={<PlayCircleOutlined aria-hidden />}
                  loading={start.isPending}
                  onClick={() => start.mutate()}
                  data-testid="test-start-confirm"
                >
                  {t(retake ? 'card.confirmRetake' : 'card.confirm')}
                </Button>
              </div>
            </>
          )}
        </Flex>
      </Card>
    </section>
  );
}
