import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { useEduTypeNames } from '../../features/learner-plan/eduTypes';
import { usePlanFormat } from '../../features/learner-plan/format';
import { PlanHeader } from '../../features/learner-plan/PlanHeader';
import { PlanRowsTable } from '../../features/learner-plan/PlanRowsTable';
import { PlanGate } from '../../features/learner-plan/PlanStates';

/**
 * /user/plan-education: the trainee's plan (name, certificate, positions, education type,
 * description) and its three rows — production, theoretical, exam — each training row expanding
 * into its thematic plan (learner-and-instructor.md §2, §4).
 */
export default function PlanEducationPage() {
  const { t } = useTranslation('learner');
  const format = usePlanFormat();
  const eduTypeNames = useEduTypeNames();
  return (
    <section className="oqu-page">
      <PageTitle>{t('common:pages.plan')}</PageTitle>
      <PlanGate variant="full">
        {({ info, plan, topics }) => (
          <>
            <PlanHeader plan={plan} />
            <Card className="oqu-card" data-testid="plan-rows">
              <Typography.Title level={2} className="oqu-card-title">
                {t('plan.progressTitle')}
              </Typography.Title>
              <Typography.Paragraph className="oqu-card-text">{t('plan.progressHint')}</Typography.Paragraph>
              <PlanRowsTable
                topics={topics}
                format={format}
                context={{ planName: plan.Name || plan.Plan, division: info.Department, eduTypeNames }}
              />
            </Card>
          </>
        )}
      </PlanGate>
    </section>
  );
}
