import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined, MinusCircleOutlined } from '@ant-design/icons';
import type { PlanTopicRow } from '@oqu/contracts';
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

/** The exam row: passed (with the result) once PassMarks is set, else not passed yet (§4). */
export function ExamStatus({ exam, format }: { exam: ExamState; format: PlanFormat }) {
  const { t } = useTranslation('learner');
  if (!exam.passed) return <StatusBadge tone="pending">{t('exam.notPassed')}</StatusBadge>;
  return (
    <StatusBadge tone="done">
      {exam.result !== null ? t('exam.passedWith', { result: format.percent(exam.result) }) : t('exam.passed')}
    </StatusBadge>
  );
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
