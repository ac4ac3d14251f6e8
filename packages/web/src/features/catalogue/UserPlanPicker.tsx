import type { User } from '@oqu/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { useAttachPlan } from '../users/api';
import { catalogueKeys } from './api';
import { usePlansAndTopics } from './pickers';

const NO_PLAN = 0;

/**
 * The plan of a trainee in the /admin/users details (admin-back-office.md §2 Users, "attach plan"):
 * choosing a plan attaches it at once (PUT /api/user/updateplanuser/{id}); "no plan" detaches it.
 */
export function UserPlanPicker({ user }: { user: Pick<User, 'ID' | 'PlanID'> }) {
  const { t } = useTranslation('catalogue');
  const { message: toast } = App.useApp();
  const client = useQueryClient();
  const plans = usePlansAndTopics();
  const attach = useAttachPlan();
  const inputId = `user-${user.ID}-plan`;

  async function change(value: number) {
    const planId = value === NO_PLAN ? null : value;
    try {
      const answer = await attach.mutateAsync({ userId: user.ID, planId });
      // the plans list counts trainees per plan
      void client.invalidateQueries({ queryKey: catalogueKeys.plans });
      const name = plans.data?.find((p) => p.ID === planId)?.Name ?? '';
      toast.success(answer.message || (planId ? t('attach.attached', { name }) : t('attach.detached')));
    } catch (failure) {
      toast.error(errorMessage(failure, t('common:errors.network')));
    }
  }

  const options = [
    { value: NO_PLAN, label: t('attach.none') },
    ...(plans.data ?? []).map((plan) => ({ value: plan.ID, label: plan.Name })),
  ];
  // a plan the picker does not list (yet) is still shown as attached
  if (plans.data && user.PlanID && !plans.data.some((p) => p.ID === user.PlanID)) {
    options.push({ value: user.PlanID, label: t('attach.unknown', { id: user.PlanID }) });
  }

  return (
    <Flex vertical gap={4} style={{ maxWidth: 480 }}>
      <Typography.Text strong>
        <label htmlFor={inputId}>{t('attach.label')}</label>
      </Typography.Text>
      <Select<number>
        id={inputId}
        data-testid={`user-plan-${user.ID}`}
        value={plans.data ? (user.PlanID ?? NO_PLAN) : undefined}
        options={options}
        loading={plans.isFetching || attach.isPending}
        disabled={!plans.data || attach.isPending}
        showSearch={{ optionFilterProp: 'label' }}
        onChange={(value) => void change(value)}
        popupMatchSelectWidth={false}
      />
      {plans.isError ? (
        <Typography.Text type="danger" role="alert">
          {errorMessage(plans.error, t('common:errors.load'))}
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary">{t('attach.hint')}</Typography.Text>
      )}
    </Flex>
  );
}
