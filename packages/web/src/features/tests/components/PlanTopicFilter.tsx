import type { PlanWithTopics } from '@oqu/contracts';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePlansAndTopics } from '../../catalogue/pickers';

/** Plan options for a Select, named as the plan list names them. */
export function planOptions(plans: readonly PlanWithTopics[] | undefined) {
  return (plans ?? []).map((plan) => ({ value: plan.ID, label: plan.Name || plan.Plan }));
}

/** Topic options of one plan; none until a plan is chosen. */
export function topicOptions(plans: readonly PlanWithTopics[] | undefined, planId: number | undefined) {
  const plan = planId === undefined ? undefined : plans?.find((p) => p.ID === planId);
  return (plan?.Topics ?? []).map((topic) => ({ value: topic.ID, label: topic.Name || topic.Topic }));
}

/** `null` clears a filter. */
export interface PlanTopicChanges {
  plan?: number | null;
  topic?: number | null;
  test?: null;
}

interface PlanTopicFilterProps {
  plan?: number;
  topic?: number;
  onChange: (changes: PlanTopicChanges) => void;
}

/**
 * The plan → topic filter of a list: the topic's options are those of the chosen plan. Filters
 * form a chain, plan → topic → test: a new plan clears the topic and the test, a new topic the test.
 */
export function PlanTopicFilter({ plan, topic, onChange }: PlanTopicFilterProps) {
  const { t } = useTranslation('tests');
  const catalogue = usePlansAndTopics();
  const plans = planOptions(catalogue.data);
  const topics = topicOptions(catalogue.data, plan);
  return (
    <>
      <Select<number>
        aria-label={t('filters.plan')}
        placeholder={t('filters.allPlans')}
        style={{ width: 240 }}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={catalogue.isPending}
        value={plan}
        onChange={(value) => onChange({ plan: value ?? null, topic: null, test: null })}
        options={plans}
        notFoundContent={catalogue.isError ? t('common:errors.load') : undefined}
      />
      <Select<number>
        aria-label={t('filters.topic')}
        placeholder={plan ? t('filters.allTopics') : t('filters.topicNeedsPlan')}
        style={{ width: 240 }}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        disabled={!plan}
        value={plan ? topic : undefined}
        onChange={(value) => onChange({ topic: value ?? null, test: null })}
        options={topics}
      />
    </>
  );
}
