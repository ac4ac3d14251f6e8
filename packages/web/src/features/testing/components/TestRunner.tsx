import { ArrowLeftOutlined, FileSearchOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Skeleton } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ButtonLink } from '../../../components/ButtonLink';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { PageTitle } from '../../../components/PageTitle';
import { ApiError } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { SLOW_SAVE_MS, useLasting } from '../../../lib/useLasting';
import { refreshStandings, useTestDetails, useTestResult, useTestRun } from '../api';
import { type TestingFormat, useTestingFormat } from '../format';
import { useCountdown } from '../hooks';
import { type Layout, testsListPath } from '../paths';
import { queueFor, resumeStoredQueues, useQueueState } from '../queueRegistry';
import { allAnswered, answerStatuses, nextOpenIndex, parseTestId, resumeIndex } from '../run';
import { type AttemptState, type LearnerQuestion, type LearnerTestDetails, TEST_STATUS } from '../types';
import { QuestionCard } from './QuestionCard';
import { QuestionNavigator, ResultCard, ResultDialog, TestClock, TimeUpDialog } from './RunParts';
import { StartCard } from './StartCard';
import { UnsentBanner } from './UnsentBanner';
import '../testing.css';

function BackToList({ layout, primary = false }: { layout: Layout; primary?: boolean }) {
  const { t } = useTranslation('testing');
  return (
    <ButtonLink to={testsListPath(layout)} type={primary ? 'primary' : 'link'} icon={<ArrowLeftOutlined aria-hidden />}>
      {t('run.backToList')}
    </ButtonLink>
  );
}

function Unavailable({ layout, title, text }: { layout: Layout; title: string; text: string }) {
  return (
    <section className="oqu-page">
      <PageTitle>{title}</PageTitle>
      <EmptyState icon={FileSearchOutlined} text={text} action={<BackToList layout={layout} primary />} testId="test-unavailable" />
    </section>
  );
}

/** Plan, topic, pass condition, duration and number of questions (§3 Test details). */
function TestFacts({ details, questions, format }: { details: LearnerTestDetails | undefined; questions: number; format: TestingFormat }) {
  const { t } = useTranslation('testing');
  const facts: [string, string][] = [];
  if (details?.Plan?.Name) facts.push([t('run.plan'), details.Plan.Name]);
  if (details?.Topic?.Name) facts.push([t('run.topic'), details.Topic.Name]);
  if (details) facts.push([t('list.passCondition'), format.passCondition(details.PassMarks)]);
  if (details) facts.push([t('list.duration'), format.minutes(details.Duration)]);
  facts.push([t('run.questions'), String(questions)]);
  return (
    <dl className="oqu-test-facts oqu-run-facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Loading({ title, text }: { title: string; text: string }) {
  return (
    <section className="oqu-page">
      <PageTitle>{title}</PageTitle>
      <div role="status" aria-live="polite" aria-busy="true" data-testid="run-loading">
        <span className="oqu-visually-hidden">{text}</span>
        <Card className="oqu-card">
          <Skeleton active paragraph={{ rows: 5 }} />
        </Card>
      </div>
    </section>
  );
}

/**
 * The testing screen of both layouts (learner-and-instructor.md §2 /user/testing/{id}, /testing/{id};
 * §4 test run). Opening it reads the test: a running attempt resumes at once, otherwise the card
 * tells what the test is and only its confirm button starts the attempt. The run resumes at the
 * first question without an answer; the clock counts down the server's remaining time; answers go
 * through the answer queue and read "saved" only once the server confirmed them.
 * A polite live region says which question is shown («Вопрос N из M»); it lives as long as the
 * screen, so it is in the page before anything is said in it (a region born with its text is often
 * not read).
 */
export function TestRunner({ layout }: { layout: Layout }) {
  const [announcement, announce] = useState('');
  return (
    <>
      <TestScreen layout={layout} announce={announce} />
      <div role="status" className="oqu-visually-hidden" data-testid="run-announcement">
        {announcement}
      </div>
    </>
  );
}

function TestScreen({ layout, announce }: { layout: Layout; announce: (text: string) => void }) {
  const { t } = useTranslation('testing');
  const testId = parseTestId(useParams().id);
  const userId = useSession()?.ID ?? 0;
  // Answers an earlier page left unsent go out before the questions are asked for.
  useState(() => (testId === null ? [] : resumeStoredQueues(userId, testId)));
  const details = useTestDetails(testId);
  // Only the details read on this visit count (a cached "running" may be over, and asking for the
  // questions then could start a retake unasked). Once the run is on this page it stays, though the
  // details read later say it is over.
  const fresh = details.isFetchedAfterMount;
  const [runningTest, setRunningTest] = useState<number | null>(null);
  if (testId !== null && runningTest !== testId && fresh && details.data?.Status === TEST_STATUS.InProgress) setRunningTest(testId);
  const running = testId !== null && runningTest === testId;
  const run = useTestRun(running ? testId : null);
  const title = details.data?.Name || t('common:pages.testing');

  if (testId === null) return <Unavailable layout={layout} title={t('run.notFoundTitle')} text={t('run.notFoundText')} />;

  if (!running) {
    if (details.isError && !details.data) {
      const status = details.error instanceof ApiError ? details.error.status : 0;
      if (status === 404) return <Unavailable layout={layout} title={t('run.notFoundTitle')} text={t('run.notFoundText')} />;
      return (
        <section className="oqu-page">
          <PageTitle>{title}</PageTitle>
          <LoadError error={details.error} onRetry={() => void details.refetch()} />
          <BackToList layout={layout} />
        </section>
      );
    }
    if (!details.data || (!fresh && !details.isError)) return <Loading title={title} text={t('run.loadingTest')} />;
    return <StartCard layout={layout} testId={testId} details={details.data} onStarted={() => setRunningTest(testId)} />;
  }

  if (run.isError) {
    const status = run.error instanceof ApiError ? run.error.status : 0;
    if (status === 404) return <Unavailable layout={layout} title={t('run.notFoundTitle')} text={t('run.notFoundText')} />;
    if (status === 403 || status === 409 || status === 422) {
      return <Unavailable layout={layout} title={title} text={run.error instanceof ApiError ? run.error.message : t('run.error')} />;
    }
    return (
      <section className="oqu-page">
        <PageTitle>{title}</PageTitle>
        <LoadError error={run.error} onRetry={() => void run.refetch()} />
        <BackToList layout={layout} />
      </section>
    );
  }

  if (!run.data) return <Loading title={title} text={t('run.loading')} />;

  const { questions, attempt } = run.data;
  if (!attempt) return <Unavailable layout={layout} title={title} text={t('run.noAttempt')} />;
  if (questions.length === 0) return <Unavailable layout={layout} title={title} text={t('run.noQuestions')} />;

  return (
    <RunningTest
      key={attempt.ID}
      layout={layout}
      testId={testId}
      userId={userId}
      title={title}
      details={details.data}
      questions={questions}
      attempt={attempt}
      refetch={() => void run.refetch()}
      announce={announce}
    />
  );
}

interface RunningTestProps {
  layout: Layout;
  testId: number;
  userId: number;
  title: string;
  details: LearnerTestDetails | undefined;
  questions: LearnerQuestion[];
  attempt: AttemptState;
  refetch: () => void;
  announce: (text: string) => void;
}

function RunningTest({ layout, testId, userId, title, details, questions, attempt, refetch, announce }: RunningTestProps) {
  const { t } = useTranslation('testing');
  const format = useTestingFormat();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const queue = useMemo(() => queueFor(userId, attempt.ID), [userId, attempt.ID]);
  const state = useQueueState(queue);

  const statuses = useMemo(
    () =>
      answerStatuses(questions, {
        server: attempt.Answered,
        acknowledged: state.acknowledged,
        pending: state.pending,
        refused: state.refused,
      }),
    [questions, attempt.Answered, state.acknowledged, state.pending, state.refused],
  );

  // the clock follows the server: its remaining time on load and with every acknowledged answer
  const clock = useCountdown();
  const { sync, stop } = clock;
  useEffect(() => sync(attempt.Remaining), [attempt, sync]);
  useEffect(() => {
    if (state.lastAck) sync(state.lastAck.Remaining);
  }, [state.lastAck, sync]);

  const finished = attempt.Finished || state.lastAck?.Finished === true;
  const timeUp = !finished && clock.seconds === 0;
  useEffect(() => {
    if (finished || timeUp) {
      stop();
      refreshStandings(queryClient);
    }
  }, [finished, timeUp, stop, queryClient]);

  // a refusal (another answer stored, the time is up) means the server knows better: ask it again
  const refusals = state.refused.length;
  const seenRefusals = useRef(refusals);
  useEffect(() => {
    if (refusals > seenRefusals.current) refetch();
    seenRefusals.current = refusals;
  }, [refusals, refetch]);

  const result = useTestResult(testId, finished);
  const shownResult = result.data ?? state.lastAck?.Result ?? attempt.Result ?? null;

  const [index, setIndex] = useState(() => resumeIndex(questions, statuses));
  const [visit, setVisit] = useState(0);
  const go = (next: number) => {
    setIndex(next);
    setVisit((v) => v + 1);
  };
  const current = questions[Math.min(index, questions.length - 1)] as LearnerQuestion;
  const currentStatus = statuses.get(current.ID) ?? { state: 'none' as const };
  const next = nextOpenIndex(questions, statuses, index);
  const locked = finished || timeUp;
  // said only when the last answers take a while: otherwise the result follows at once
  const waitingForServer = useLasting(!finished && allAnswered(statuses) && state.pending.length > 0, SLOW_SAVE_MS);
  const [resultClosed, setResultClosed] = useState(false);

  const number = index + 1;
  useEffect(() => announce(t('run.questionOf', { number, total: questions.length })), [number, questions.length, announce, t]);

  const toList = () => navigate(testsListPath(layout));

  return (
    <section className={`oqu-page oqu-run oqu-run-${layout}`} data-testid="test-run" data-attempt-id={attempt.ID}>
      <PageTitle extra={layout === 'full' ? <BackToList layout={layout} /> : undefined}>{title}</PageTitle>
      <UnsentBanner
        pending={state.pending.length}
        sending={state.sending}
        failureMessage={state.lastFailure?.message}
        paused={state.paused}
        storageFailed={state.storageFailed}
        onRetry={() => queue.retryNow()}
      />
      {layout === 'compact' && (
        <Card className="oqu-card oqu-run-clock-card">
          <TestClock seconds={clock.seconds} finished={finished} />
        </Card>
      )}
      <div className="oqu-run-grid">
        <div className="oqu-run-main">
          {finished && resultClosed && <ResultCard result={shownResult} loading={result.isLoading} format={format} onOk={toList} />}
          <QuestionCard
            key={`${current.ID}:${visit}`}
            question={current}
            number={number}
            total={questions.length}
            status={currentStatus}
            locked={locked}
            onAnswer={(answer) => {
              queue.enqueue({ attemptId: attempt.ID, testId, questionId: current.ID, answer });
            }}
            onNext={next === null ? undefined : () => go(next)}
          />
          {waitingForServer && (
            <Alert type="info" showIcon title={t('run.allAnswered')} className="oqu-run-note" data-testid="waiting-for-server" />
          )}
        </div>
        <aside className="oqu-run-side" aria-label={t('run.sideLabel')}>
          {layout === 'full' && (
            <Card className="oqu-card oqu-run-clock-card">
              <TestClock seconds={clock.seconds} finished={finished} />
            </Card>
          )}
          <Card className="oqu-card">
            <QuestionNavigator questions={questions} statuses={statuses} current={index} onPick={go} />
            <TestFacts details={details} questions={questions.length} format={format} />
          </Card>
        </aside>
      </div>
      <TimeUpDialog open={timeUp} onOk={toList} />
      <ResultDialog
        open={finished && !resultClosed}
        result={shownResult}
        loading={result.isLoading}
        format={format}
        onOk={toList}
        onClose={() => setResultClosed(true)}
      />
    </section>
  );
}
