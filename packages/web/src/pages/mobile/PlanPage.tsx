import { type DescriptionsProps, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { ExamStatus } from '../../features/learner-plan/Badges';
import { usePlanFormat } from '../../features/learner-plan/format';
import { DutyList, PlanCard } from '../../features/learner-plan/PlanHeader';
import { PlanGate } from '../../features/learner-plan/PlanStates';
import { examState } from '../../features/learner-plan/plan';
import { TypeCards } from '../../features/learner-plan/TypeCards';

/**
 * /plan (compact): plan name, verification method (the exam), division, certificate, positions,
 * and one card per topic type leading to /type/{id} (learner-and-instructor.md §2).
 */
export default function PlanPage() {
  const { t } = useTranslation('learner');
  const format = usePlanFormat();
  return (
    <section className="oqu-page">
      <PageTitle>{t('common:pages.plan')}</PageTitle>
      <PlanGate variant="compact">
        {({ info, plan, topics }) => {
          const exam = examState(topics.exam);
          const facts: DescriptionsProps['items'] = [
            {
              key: 'verification',
              label: t('plan.verification'),
              children: (
                <Space size={8} wrap>
                  <span>{exam.name ? t('exam.named', { name: exam.name }) : t('plan.verificationExam')}</span>
                  <ExamStatus exam={exam} />
                </Space>
              ),
            },
            { key: 'division', label: t('plan.division'), children: info.Department.trim() || '—' },
            { key: 'certificate', label: t('plan.certificate'), children: plan.Certificate?.Name || t('plan.noCertificate') },
            { key: 'positions', label: t('plan.positions'), children: <DutyList duties={plan.Duty} /> },
          ];
          return (
            <>
              <PlanCard plan={plan} facts={facts} wide={false} />
              <Typography.Title level={2} className="oqu-section-title">
                {t('plan.sections')}
              </Typography.Title>
              <TypeCards topics={topics} format={format} level={3} linkTo={(typeId) => `/type/${typeId}`} />
            </>
          );
        }}
      </PlanGate>
    </section>
  );
}
