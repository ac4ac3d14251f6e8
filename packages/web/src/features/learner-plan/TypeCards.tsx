import { ReadOutlined, RightOutlined, SafetyCertificateOutlined, ToolOutlined } from '@ant-design/icons';
import type { PlanStatistic, PlanTopics } from '@oqu/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ExamStatus, PercentBar } from './Badges';
import type { PlanFormat } from './format';
import { examState, statisticFor, TOPIC_TYPE_IDS, TOPIC_TYPES, topicsOfType } from './plan';

const TYPE_ICONS: Record<number, ReactNode> = {
  [TOPIC_TYPES.production]: <ToolOutlined />,
  [TOPIC_TYPES.theoretical]: <ReadOutlined />,
};

function CardShell({ to, children, testId }: { to?: string; children: ReactNode; testId: string }) {
  return to ? (
    <Link to={to} className="oqu-tile oqu-type-card" data-testid={testId}>
      {children}
    </Link>
  ) : (
    <div className="oqu-tile oqu-type-card" data-testid={testId}>
      {children}
    </div>
  );
}

/** One topic type's progress: name, hours done of total, topics, and the share passed (one decimal). */
export function TypeCard({
  statistic,
  topicCount,
  format,
  to,
  level,
}: {
  statistic: PlanStatistic;
  topicCount: number;
  format: PlanFormat;
  /** makes the whole card a link (compact /plan → /type/{id}) */
  to?: string;
  level: 2 | 3;
}) {
  const { t } = useTranslation('learner');
  const name = format.typeName(statistic.Typeid, statistic.Name);
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <CardShell to={to} testId={`type-card-${statistic.Typeid}`}>
      <div className="oqu-type-card-head">
        <span className="oqu-tile-icon oqu-type-card-icon" aria-hidden="true">
          {TYPE_ICONS[statistic.Typeid] ?? <ReadOutlined />}
        </span>
        <Heading className="oqu-type-card-name">{name}</Heading>
        {to && <RightOutlined className="oqu-type-card-arrow" aria-hidden />}
      </div>
      <div className="oqu-type-card-hours">
        <strong>{format.hoursOf(statistic.Hour, statistic.TotalHour)}</strong> · {t('rows.topicsCount', { count: topicCount })}
      </div>
      <PercentBar
        percent={statistic.Percent}
        format={format}
        label={t('hours.progressLabel', { name, percent: format.percent(statistic.Percent) })}
      />
    </CardShell>
  );
}

/** The exam's card: its name and where it stands (passed, not passed, scheduled…). */
export function ExamCard({ exam, level }: { exam: PlanTopics['exam']; level: 2 | 3 }) {
  const { t } = useTranslation('learner');
  const Heading = level === 2 ? 'h2' : 'h3';
  const state = examState(exam);
  return (
    <CardShell testId="type-card-exam">
      <div className="oqu-type-card-head">
        <span className="oqu-tile-icon oqu-type-card-icon" aria-hidden="true">
          <SafetyCertificateOutlined />
        </span>
        <Heading className="oqu-type-card-name">{t('exam.title')}</Heading>
      </div>
      <div className="oqu-type-card-hours">{state.name ?? t('exam.hint')}</div>
      <div>
        <ExamStatus exam={state} />
      </div>
    </CardShell>
  );
}

/** Cards of both topic types (9, 10), optionally followed by the exam's card. */
export function TypeCards({
  topics,
  format,
  level,
  linkTo,
  withExam = false,
}: {
  topics: PlanTopics;
  format: PlanFormat;
  level: 2 | 3;
  linkTo?: (typeId: number) => string;
  withExam?: boolean;
}) {
  const { t } = useTranslation('learner');
  return (
    <ul className="oqu-tiles" aria-label={t('plan.sections')}>
      {TOPIC_TYPE_IDS.map((typeId) => (
        <li key={typeId}>
          <TypeCard
            statistic={statisticFor(topics.statistic, topics.data, typeId)}
            topicCount={topicsOfType(topics.data, typeId).length}
            format={format}
            to={linkTo?.(typeId)}
            level={level}
          />
        </li>
      ))}
      {withExam && (
        <li>
          <ExamCard exam={topics.exam} level={level} />
        </li>
      )}
    </ul>
  );
}
