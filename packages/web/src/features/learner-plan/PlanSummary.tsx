import { ArrowRightOutlined } from '@ant-design/icons';
import { SECTIONS } from '@oqu/contracts';
import { Card, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ButtonLink';
import { RecordText } from '../../components/RecordText';
import { usePlanFormat } from './format';
import { NoPlan, PlanError, PlanSkeleton } from './PlanStates';
import { TypeCards } from './TypeCards';
import { useLearnerPlan } from './useLearnerPlan';

/** /user/main's plan section: plan name, both topic types with hours and %, the exam, and "all". */
export function PlanSummary() {
  const { t } = useTranslation('learner');
  const format = usePlanFormat();
  const headingId = useId();
  const state = useLearnerPlan();

  return (
    <section aria-labelledby={headingId} className="oqu-summary" data-testid="plan-summary">
      <Card className="oqu-card">
        <div className="oqu-summary-head">
          <div>
            <Typography.Title level={2} id={headingId}>
              {t('main.planTitle')}
            </Typography.Title>
            {state.status === 'ready' && (
              <p className="oqu-summary-plan" data-testid="plan-name">
                <RecordText>{state.plan.Name || state.plan.Plan}</RecordText>
              </p>
            )}
          </div>
          <ButtonLink
            to={SECTIONS.learnerPlan.path}
            icon={<ArrowRightOutlined aria-hidden />}
            iconPlacement="end"
            aria-label={t('main.allLabel')}
            data-testid="plan-all"
          >
            {t('main.all')}
          </ButtonLink>
        </div>
        {state.status === 'loading' && <PlanSkeleton variant="summary" />}
        {state.status === 'error' && <PlanError error={state.error} onRetry={state.retry} />}
        {state.status === 'none' && <NoPlan bare level={3} />}
        {state.status === 'ready' && <TypeCards topics={state.topics} format={format} level={3} withExam />}
      </Card>
    </section>
  );
}
