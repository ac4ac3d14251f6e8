import { CheckCircleOutlined, ClockCircleOutlined } from '@ant-design/icons';
import { Button, Card, Modal, Result, Skeleton, Typography } from 'antd';
import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { focusAndReveal } from '../focus';
import type { TestingFormat } from '../format';
import { type AnswerStatus, formatClock } from '../run';
import type { LearnerQuestion, TestResult } from '../types';

/** The clock: the server's remaining time counting down each second; red in the last minute. */
export function TestClock({ seconds, finished = false }: { seconds: number | null; finished?: boolean }) {
  const { t } = useTranslation('testing');
  if (finished) {
    return (
      <div className="oqu-clock" data-testid="test-clock">
        <CheckCircleOutlined aria-hidden className="oqu-clock-icon" />
        <span className="oqu-clock-label">{t('run.finished')}</span>
      </div>
    );
  }
  const low = seconds !== null && seconds <= 60;
  const minutesLeft = seconds === null ? null : Math.ceil(seconds / 60);
  return (
    <div className={low ? 'oqu-clock oqu-clock-low' : 'oqu-clock'} data-testid="test-clock">
      <ClockCircleOutlined aria-hidden className="oqu-clock-icon" />
      <span className="oqu-clock-label" id="oqu-clock-label">
        {t('run.timeLeft')}
      </span>
      <span role="timer" aria-labelledby="oqu-clock-label" className="oqu-clock-value" data-testid="test-clock-value">
        {seconds === null ? '--:--' : formatClock(seconds)}
      </span>
      {/* a calm announcement for screen readers at 5 and 1 minutes left, not every second */}
      <span className="oqu-visually-hidden" aria-live="polite">
        {minutesLeft === 5 || minutesLeft === 1 ? t('run.minutesLeft', { count: minutesLeft }) : ''}
      </span>
    </div>
  );
}

const STATE_CLASS: Record<AnswerStatus['state'], string> = {
  none: 'oqu-nav-none',
  pending: 'oqu-nav-pending',
  saved: 'oqu-nav-saved',
  refused: 'oqu-nav-refused',
};

/** Numbered buttons, one per question, showing which are saved, waiting or open. */
export function QuestionNavigator({
  questions,
  statuses,
  current,
  onPick,
}: {
  questions: readonly LearnerQuestion[];
  statuses: Map<number, AnswerStatus>;
  current: number;
  onPick: (index: number) => void;
}) {
  const { t } = useTranslation('testing');
  return (
    <nav aria-label={t('run.navigator')} className="oqu-question-nav">
      <ol>
        {questions.map((question, index) => {
          const state = statuses.get(question.ID)?.state ?? 'none';
          return (
            <li key={question.ID}>
              <button
                type="button"
                className={`oqu-nav-item ${STATE_CLASS[state]}`}
                aria-current={index === current ? 'step' : undefined}
                aria-label={t('run.navItem', { number: index + 1, state: t(`run.state.${state}`) })}
                onClick={() => onPick(index)}
                data-testid={`nav-${index + 1}`}
                data-state={state}
              >
                {index + 1}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * For a dialog's only control: Tab stays on it (antd's trap lets focus leave the page, then brings it
 * back without scrolling) and shows it in a short window (200 % zoom).
 */
function keepTabOn(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Tab') return;
  event.preventDefault();
  event.currentTarget.scrollIntoView({ block: 'nearest' });
}

/** §4: the clock reached 0 during the run; OK returns to the tests list. */
export function TimeUpDialog({ open, onOk }: { open: boolean; onOk: () => void }) {
  const { t } = useTranslation('testing');
  return (
    <Modal
      open={open}
      title={t('timeUp.title')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      onCancel={onOk}
      footer={
        <Button type="primary" onClick={onOk} onKeyDown={keepTabOn} data-testid="time-up-ok" autoFocus>
          {t('timeUp.ok')}
        </Button>
      }
    >
      <p data-testid="time-up">{t('timeUp.text')}</p>
    </Modal>
  );
}

/** The finished attempt's result: verdict, correct of total, percent, pass condition. */
function ResultSummary({ result, loading, format }: { result: TestResult | null; loading: boolean; format: TestingFormat }) {
  const { t } = useTranslation('testing');
  if (result) {
    return (
      <Result
        className="oqu-test-result"
        data-testid="test-result"
        status={result.Passed ? 'success' : 'warning'}
        title={<span data-testid="result-verdict">{result.Passed ? t('result.passed') : t('result.failed')}</span>}
        subTitle={
          <span className="oqu-test-result-lines">
            <span data-testid="result-correct">{t('result.correct', { correct: result.Correct, total: result.Questions })}</span>
            <span data-testid="result-percent">{t('result.percent', { percent: format.percent(result.Percent) })}</span>
            <span>{t('result.passCondition', { value: format.passCondition(result.PassMarks) })}</span>
          </span>
        }
      />
    );
  }
  if (loading) {
    return (
      <div role="status" aria-live="polite">
        <span className="oqu-visually-hidden">{t('result.loading')}</span>
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      </div>
    );
  }
  return <p>{t('result.unavailable')}</p>;
}

interface ResultProps {
  result: TestResult | null;
  loading: boolean;
  format: TestingFormat;
  /** Back to the tests list. */
  onOk: () => void;
}

/**
 * The result dialog of the finished attempt; OK goes to the list, Escape closes it (onClose) and
 * leaves the trainee on the run with the result shown in its place (ResultCard). Its button is
 * described by the result, so a screen reader reads the result with the button it lands on.
 */
export function ResultDialog({ open, onClose, ...props }: ResultProps & { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('testing');
  const summaryId = useId();
  return (
    <Modal
      open={open}
      title={t('result.title')}
      className="oqu-result-modal"
      closable={false}
      mask={{ closable: false }}
      onCancel={onClose}
      // the result card that replaces the dialog takes focus
      focusable={{ focusTriggerAfterClose: false }}
      footer={
        <Button type="primary" onClick={props.onOk} onKeyDown={keepTabOn} aria-describedby={summaryId} data-testid="result-ok" autoFocus>
          {t('result.ok')}
        </Button>
      }
    >
      <div id={summaryId}>
        <ResultSummary {...props} />
      </div>
    </Modal>
  );
}

/** The result on the run once its dialog is closed: it takes focus, and leads to the tests list. */
export function ResultCard(props: ResultProps) {
  const { t } = useTranslation('testing');
  const heading = useRef<HTMLHeadingElement>(null);
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => focusAndReveal(heading.current, card.current), []);
  return (
    <Card ref={card} className="oqu-card" data-testid="run-result">
      <Typography.Title level={2} ref={heading} tabIndex={-1} className="oqu-card-title">
        {t('result.title')}
      </Typography.Title>
      <ResultSummary {...props} />
      <Button type="primary" onClick={props.onOk}>
        {t('result.ok')}
      </Button>
    </Card>
  );
}
