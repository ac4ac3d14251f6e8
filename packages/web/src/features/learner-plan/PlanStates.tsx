import { ReadOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { ApiError } from '../../lib/api';
import { type LearnerPlanState, useLearnerPlan } from './useLearnerPlan';

/** Placeholder blocks in the shape of the page while the plan loads. */
export function PlanSkeleton({ variant }: { variant: 'full' | 'summary' | 'compact' }) {
  const { t } = useTranslation('learner');
  const blocks = variant === 'full' ? [4, 6] : [4, 2, 2];
  return (
    <div role="status" aria-live="polite" aria-busy="true" className="oqu-plan-skeleton">
      <span className="oqu-visually-hidden">{t('state.loading')}</span>
      {variant === 'summary' ? (
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      ) : (
        blocks.map((rows, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder blocks
          <Card key={index} className="oqu-card">
            <Skeleton active title paragraph={{ rows }} />
          </Card>
        ))
      )}
    </div>
  );
}

/** The plan could not be loaded: the reason and a retry. */
export function PlanError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('learner');
  const reason = error instanceof ApiError ? error.message : t('state.errorText');
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={t('state.error')}
      description={reason}
      action={
        <Button icon={<ReloadOutlined aria-hidden />} onClick={onRetry}>
          {t('common:actions.retry')}
        </Button>
      }
    />
  );
}

/** No plan is assigned to the trainee yet. `bare`: without its own card (inside another one). */
export function NoPlan({ bare = false, level = 2 }: { bare?: boolean; level?: 2 | 3 }) {
  const { t } = useTranslation('learner');
  return (
    <EmptyState
      icon={ReadOutlined}
      title={t('state.noPlanTitle')}
      text={t('state.noPlanText')}
      level={level}
      bare={bare}
      testId="no-plan"
    />
  );
}

type Ready = Extract<LearnerPlanState, { status: 'ready' }>;

/** Loads the plan and shows its loading, error and "no plan" states; `children` draws the plan. */
export function PlanGate({ variant, children }: { variant: 'full' | 'summary' | 'compact'; children: (plan: Ready) => ReactNode }) {
  const state = useLearnerPlan();
  switch (state.status) {
    case 'loading':
      return <PlanSkeleton variant={variant} />;
    case 'error':
      return <PlanError error={state.error} onRetry={state.retry} />;
    case 'none':
      return <NoPlan />;
    default:
      return <>{children(state)}</>;
  }
}
