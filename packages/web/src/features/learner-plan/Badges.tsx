import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined, MinusCircleOutlined } from '@ant-design/icons';
import { EXAM_STATUS, type PlanTopicRow } from '@oqu/contracts';
import { Progress } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanFormat } from './format';
import { clampPercent, type ExamState } from './plan';
import './learner-plan.css';

type Tone = 'done' | 'pending' | 'failed' | 'muted';

/** A small status label with an icon; colours keep 4.5:1 contrast. */
export function StatusBadge({ tone, children }: { tone: Tone; children: ReactNode }) {
  const icon = {
    done: <CheckCircleOutlined aria-hidden />,
    pending: <ClockCircleOutlined aria-hidden />,
    failed: <CloseCircleOutlined aria-hidden />,
    muted: <MinusCircleOutlined aria-hidden />,
  }[tone];
  return (
    <span className={`oqu-badge oqu-badge-${tone}`}>
      {icon}
      <span>{children}</span>
    </span>
  );
}

/** Completed / not completed topic. */
export function TopicStatus({ topic }: { topic: Pick<PlanTopicRow, 'Completed'> }) {
  const { t } = useTranslation('learner');
  return topic.Completed ? (
    <StatusBadge tone="done">{t('topic.completed')}</StatusBadge>
  ) : (
    <StatusBadge tone="pending">{t('topic.notCompleted')}</StatusBadge>
  );
}

/** The waiting exam's state by its status: scheduled, under way, or over and awaiting the examiners' decision. */
const WAITING_KEYS: Record<string, string> = {
  [EXAM_STATUS.Waiting]: 'exam.scheduled',
  [EXAM_STATUS.Live]: 'exam.live',
  [EXAM_STATUS.Finished]: 'exam.awaitingDecision',
};

/** The exam row (§4): passed once accepted, not passed once rejected, else where the exam stands. */
export function ExamStatus({ exam }: { exam: ExamState }) {
  const { t } = useTranslation('learner');
  switch (exam.outcome) {
    case 'passed':
      return <StatusBadge tone="done">{t('exam.passed')}</StatusBadge>;
    case 'rejected':
      return <StatusBadge tone="failed">{t('exam.rejected')}</StatusBadge>;
    case 'waiting':
      return <StatusBadge tone="pending">{t((exam.status && WAITING_KEYS[exam.status]) || 'exam.scheduled')}</StatusBadge>;
    default:
      return <StatusBadge tone="muted">{t('exam.none')}</StatusBadge>;
  }
}

/** A labelled progress bar with the percentage written to one decimal. */
export function PercentBar({ percent, label, format, size }: { percent: number; label: string; format: PlanFormat; size?: 'small' }) {
  const value = clampPercent(percent);
  const text = format.percent(percent);
  return (
    <Progress
      className="oqu-percent-bar"
      percent={value}
      size={size === 'small' ? 'small' : undefined}
      status={value >= 100 ? 'success' : 'normal'}
      format={() => text}
      aria-label={label}
      aria-valuetext={text}
    />
  );
}
