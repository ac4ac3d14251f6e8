import { ArrowLeftOutlined, FileSearchOutlined } from '@ant-design/icons';
import type { PlanTopicRow } from '@oqu/contracts';
import { Card, Collapse, type CollapseProps, Typography } from 'antd';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ButtonLink } from '../../components/ButtonLink';
import { EmptyState } from '../../components/EmptyState';
import { PageTitle } from '../../components/PageTitle';
import { PercentBar, TopicStatus } from '../../features/learner-plan/Badges';
import { useEduTypeNames } from '../../features/learner-plan/eduTypes';
import { usePlanFormat } from '../../features/learner-plan/format';
import { NoPlan, PlanError, PlanSkeleton } from '../../features/learner-plan/PlanStates';
import {
  completedCount,
  isKnownType,
  parseTypeId,
  statisticFor,
  topicNumber,
  topicsOfType,
  topicTitle,
} from '../../features/learner-plan/plan';
import { TopicDetails } from '../../features/learner-plan/TopicDetails';
import { useLearnerPlan } from '../../features/learner-plan/useLearnerPlan';

const PLAN_PATH = '/plan';

function BackToPlan() {
  const { t } = useTranslation('learner');
  return (
    <ButtonLink to={PLAN_PATH} type="link" icon={<ArrowLeftOutlined aria-hidden />} className="oqu-back-link">
      {t('type.back')}
    </ButtonLink>
  );
}

/** A type id that is not one of the plan's topic types. */
function UnknownType() {
  const { t } = useTranslation('learner');
  return (
    <section className="oqu-page">
      <PageTitle>{t('type.notFoundTitle')}</PageTitle>
      <EmptyState
        icon={FileSearchOutlined}
        text={t('type.notFoundText')}
        action={
          <ButtonLink to={PLAN_PATH} type="primary" icon={<ArrowLeftOutlined aria-hidden />} style={{ marginTop: 16 }}>
            {t('type.back')}
          </ButtonLink>
        }
        testId="type-not-found"
      />
    </section>
  );
}

/** The accordion headers are role="button": Space opens them as Enter does. */
function spaceToggles(event: KeyboardEvent<HTMLDivElement>) {
  const target = event.target as HTMLElement;
  if (event.key === ' ' && target.getAttribute('role') === 'button' && target.classList.contains('ant-collapse-header')) {
    event.preventDefault();
    target.click();
  }
}

/**
 * /type/{id} (compact): the topics of one type as accordions — number, hours, division, date,
 * time, status, the topic's plan texts and its tests (learner-and-instructor.md §2).
 */
export default function TopicTypePage() {
  const { t } = useTranslation('learner');
  const format = usePlanFormat();
  const eduTypeNames = useEduTypeNames();
  const typeId = parseTypeId(useParams().id);
  const state = useLearnerPlan();

  if (typeId === null) return <UnknownType />;
  if (state.status === 'ready' && !isKnownType(typeId, state.topics.statistic)) return <UnknownType />;

  const given = state.status === 'ready' ? state.topics.statistic.find((row) => row.Typeid === typeId)?.Name : undefined;
  const title = format.typeName(typeId, given);

  let body: ReactNode;
  if (state.status === 'loading') body = <PlanSkeleton variant="compact" />;
  else if (state.status === 'error') body = <PlanError error={state.error} onRetry={state.retry} />;
  else if (state.status === 'none') body = <NoPlan />;
  else {
    const { info, plan, topics } = state;
    const ofType = topicsOfType(topics.data, typeId);
    const statistic = statisticFor(topics.statistic, topics.data, typeId);
    const context = { planName: plan.Name || plan.Plan, division: info.Department.trim() || undefined, eduTypeNames };
    const items: CollapseProps['items'] = ofType.map((topic: PlanTopicRow) => ({
      key: String(topic.ID),
      'data-testid': `topic-${topic.ID}`,
      label: (
        <span className="oqu-topic-head">
          <span className="oqu-topic-head-number">
            {topicNumber(topic) && `${t('type.topicNumber', { number: topicNumber(topic) })} · `}
            {format.hours(topic.Studyhour)}
          </span>
          <span className="oqu-topic-head-title">{topicTitle(topic)}</span>
          <span>
            <TopicStatus topic={topic} />
          </span>
        </span>
      ),
      children: <TopicDetails topic={topic} context={context} format={format} level={3} />,
    }));
    body = (
      <>
        <Card className="oqu-card" data-testid="type-summary">
          <div className="oqu-type-summary">
            <span className="oqu-type-card-hours">
              <strong>{format.hoursOf(statistic.Hour, statistic.TotalHour)}</strong> ·{' '}
              {t('rows.completedOf', { done: completedCount(ofType), total: ofType.length })}
            </span>
            <PercentBar
              percent={statistic.Percent}
              format={format}
              label={t('hours.progressLabel', { name: title, percent: format.percent(statistic.Percent) })}
            />
          </div>
        </Card>
        <Typography.Title level={2} className="oqu-section-title">
          {t('type.topicsTitle', { count: ofType.length })}
        </Typography.Title>
        {ofType.length === 0 ? (
          <EmptyState text={t('type.empty')} />
        ) : (
          // biome-ignore lint/a11y/noStaticElementInteractions: forwards Space to the accordion's own buttons
          <div onKeyDown={spaceToggles}>
            <Collapse className="oqu-topic-collapse" items={items} destroyOnHidden={false} />
          </div>
        )}
      </>
    );
  }

  return (
    <section className="oqu-page">
      <BackToPlan />
      <PageTitle>{title}</PageTitle>
      {body}
    </section>
  );
}
