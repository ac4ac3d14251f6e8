import { CheckCircleOutlined, CloseCircleOutlined, CloudUploadOutlined, SendOutlined } from '@ant-design/icons';
import { Button, Card, Radio, Typography } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordText } from '../../../components/RecordText';
import { SLOW_SAVE_MS, useLasting } from '../../../lib/useLasting';
import { focusAndReveal, focusLost } from '../focus';
import { type AnswerStatus, shuffle, variantsOf } from '../run';
import type { AnswerLetter, LearnerQuestion } from '../types';

export interface QuestionCardProps {
  question: LearnerQuestion;
  number: number;
  total: number;
  status: AnswerStatus;
  /** Answering is closed (time is up, the attempt is over). */
  locked: boolean;
  onAnswer: (answer: AnswerLetter) => void;
  /** Goes to the next question without an answer; absent when none is left. */
  onNext?: () => void;
}

/**
 * What the trainee sees (and hears) about their answer: saved only once the server confirmed it;
 * "not sent yet" only when the server has not confirmed it within a second.
 */
function AnswerNote({ status }: { status: AnswerStatus }) {
  const { t } = useTranslation('testing');
  const slow = useLasting(status.state === 'pending', SLOW_SAVE_MS);
  switch (status.state) {
    case 'saved':
      return (
        <span className="oqu-answer-note oqu-answer-note-saved" data-testid="answer-saved">
          <CheckCircleOutlined aria-hidden /> {t('run.saved')}
        </span>
      );
    case 'pending':
      if (!slow) return null;
      return (
        <span className="oqu-answer-note oqu-answer-note-pending" data-testid="answer-pending">
          <CloudUploadOutlined aria-hidden /> {t('run.pending')}
        </span>
      );
    case 'refused':
      return (
        <span className="oqu-answer-note oqu-answer-note-refused" data-testid="answer-refused">
          <CloseCircleOutlined aria-hidden /> {t('run.refused', { message: status.message })}
        </span>
      );
    default:
      return null;
  }
}

/**
 * One question: its text and image, the variants that have text in an order shuffled for this
 * display (§5; it stays put while the question is shown), an answer button, and the answer's state.
 * It is mounted anew for every question shown and takes focus on its heading: it replaced the
 * question, the start card or the navigator's pick that had focus.
 */
export function QuestionCard({ question, number, total, status, locked, onAnswer, onNext }: QuestionCardProps) {
  const { t } = useTranslation('testing');
  const titleId = useId();
  const [variants] = useState(() => shuffle(variantsOf(question)));
  const [choice, setChoice] = useState<AnswerLetter | null>(null);
  const answered = status.state === 'saved' || status.state === 'pending';
  const value = answered ? status.answer : choice;
  // one Tab stop for the variants, the chosen one or else the first; arrow keys move within
  const tabStop = value ?? variants[0]?.letter;
  const card = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const next = useRef<HTMLButtonElement>(null);

  useEffect(() => focusAndReveal(heading.current, card.current), []);
  // «Ответить» gives way to «Следующий вопрос» (or to nothing after the last answer, or comes back
  // after a refusal): focus, which went with the button, follows
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the answer's state flips
  useEffect(() => {
    if (focusLost()) (next.current ?? heading.current)?.focus();
  }, [answered]);

  return (
    <Card ref={card} className="oqu-card oqu-question" data-testid="question" data-question-id={question.ID}>
      <div className="oqu-question-head">
        <span className="oqu-question-number" data-testid="question-number">
          {t('run.questionOf', { number, total })}
        </span>
      </div>
      <Typography.Title level={2} id={titleId} ref={heading} tabIndex={-1} className="oqu-question-text">
        <RecordText>{question.QuestionText}</RecordText>
      </Typography.Title>
      {question.Image?.Path && (
        <img className="oqu-question-image" src={question.Image.Path} alt={t('run.imageAlt', { number })} loading="eager" />
      )}
      <Radio.Group
        className="oqu-variants"
        aria-labelledby={titleId}
        value={value}
        disabled={answered || locked}
        onChange={(event) => setChoice(event.target.value as AnswerLetter)}
      >
        {variants.map((variant) => (
          <Radio
            key={variant.letter}
            value={variant.letter}
            tabIndex={variant.letter === tabStop ? 0 : -1}
            className="oqu-variant"
            data-letter={variant.letter}
          >
            <RecordText>{variant.text}</RecordText>
          </Radio>
        ))}
      </Radio.Group>
      <div className="oqu-question-actions">
        {!answered && (
          <Button
            type="primary"
            icon={<SendOutlined aria-hidden />}
            disabled={!choice || locked}
            onClick={() => choice && onAnswer(choice)}
            data-testid="answer-submit"
          >
            {t('run.answer')}
          </Button>
        )}
        {answered && onNext && (
          <Button ref={next} type="primary" onClick={onNext} data-testid="next-question">
            {t('run.next')}
          </Button>
        )}
        <div role="status" aria-live="polite" className="oqu-answer-status">
          <AnswerNote status={status} />
        </div>
      </div>
    </Card>
  );
}
