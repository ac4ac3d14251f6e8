import { Card, Descriptions, type DescriptionsProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RecordText } from '../../components/RecordText';
import type { LearnerPlan } from './plan';

/** The plan's positions as a list of chips, or a dash. */
export function DutyList({ duties }: { duties: readonly string[] }) {
  const names = duties.map((duty) => duty.trim()).filter(Boolean);
  if (names.length === 0) return <>—</>;
  return (
    <ul className="oqu-duties">
      {names.map((name) => (
        <li key={name}>{name}</li>
      ))}
    </ul>
  );
}

/** The plan's card: its name under a kicker, then `facts` (one column, or two on wide screens). */
export function PlanCard({ plan, facts, wide }: { plan: LearnerPlan; facts: DescriptionsProps['items']; wide: boolean }) {
  const { t } = useTranslation('learner');
  return (
    <Card className="oqu-card oqu-plan-head" data-testid="plan-head">
      <div>
        <span className="oqu-plan-kicker">{t('plan.kicker')}</span>
        <Typography.Title level={2} className="oqu-plan-name">
          <RecordText>{plan.Name || plan.Plan}</RecordText>
        </Typography.Title>
      </div>
      <Descriptions className="oqu-facts" size="small" column={wide ? { xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 } : 1} items={facts} />
    </Card>
  );
}

/** /user/plan-education's head: plan name, certificate, education type, positions and description. */
export function PlanHeader({ plan }: { plan: LearnerPlan }) {
  const { t } = useTranslation('learner');
  const facts: DescriptionsProps['items'] = [
    { key: 'certificate', label: t('plan.certificate'), children: plan.Certificate?.Name || t('plan.noCertificate') },
    { key: 'eduType', label: t('plan.eduType'), children: plan.EduTypeName || '—' },
    { key: 'positions', label: t('plan.positions'), children: <DutyList duties={plan.Duty} />, span: 'filled' },
  ];
  const description = plan.Description.trim();
  if (description) {
    facts.push({
      key: 'description',
      label: t('plan.description'),
      children: <span className="oqu-plan-description">{description}</span>,
      span: 'filled',
    });
  }
  return <PlanCard plan={plan} facts={facts} wide />;
}
