import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ButtonLink';
import { EmptyState } from '../../../components/EmptyState';
import { PageTitle } from '../../../components/PageTitle';
import type { ExamTable } from '../../../features/exams/api';
import { ExamFacts } from '../../../features/exams/ExamFacts';
import { ExamTableGate } from '../../../features/exams/ExamTableGate';
import { ParticipantsTable } from '../../../features/exams/ParticipantsTable';
import { EXAM_PATHS } from '../../../features/exams/paths';
import { VerdictRuleLine } from '../../../features/exams/RecordNotes';
import { ExamDocuments } from '../../../features/exams/ReportCardActions';
import { UndecidedNotice } from '../../../features/exams/UndecidedNotice';
import { SignaturesList } from '../../../features/signing/SignaturesList';

/**
 * /admin/exam-results-admin/{id} (admin-back-office.md §2): the read-only results for the
 * administrator: per region, every examiner's vote on each trainee and the verdict under the stated
 * rule, who is still undecided, and the exam's documents.
 */
export default function ExamResultsAdminPage() {
  const { t } = useTranslation('exams');
  return (
    <ExamTableGate title={t('results.title')} backTo={EXAM_PATHS.adminReportCard} backLabel={t('results.backToAdminList')}>
      {(table, receivedAt) => <ReadOnlyResults table={table} receivedAt={receivedAt} />}
    </ExamTableGate>
  );
}

function ReadOnlyResults({ table, receivedAt }: { table: ExamTable; receivedAt: number }) {
  const { t } = useTranslation('exams');
  const exam = table.exam;
  return (
    <Flex vertical gap={16} data-testid="exam-results-admin">
      <PageTitle extra={<ButtonLink to={EXAM_PATHS.adminReportCard}>{t('results.backToAdminList')}</ButtonLink>}>
        {t('results.titleOf', { name: exam.Name })}
      </PageTitle>
      <Card className="oqu-card">
        <Flex vertical gap={12}>
          <ExamFacts exam={exam} receivedAt={receivedAt} />
          <VerdictRuleLine rule={table.VerdictRule} />
          <Flex gap={12} wrap>
            <ExamDocuments exam={exam} fixed={table.DocumentFixed} />
          </Flex>
        </Flex>
      </Card>
      <UndecidedNotice undecided={table.Undecided} />
      <Card className="oqu-card">
        <SignaturesList examId={exam.ID} />
      </Card>
      {table.data.length === 0 ? (
        <EmptyState title={t('conduct.noParticipantsTitle')} text={t('conduct.noParticipants')} />
      ) : (
        table.data.map((region) => (
          <section key={region.Region.ID} aria-label={region.Region.Fullname} data-testid={`region-${region.Region.ID}`}>
            <Typography.Title level={2} style={{ fontSize: 18 }}>
              {region.Region.Fullname}
            </Typography.Title>
            <ParticipantsTable users={region.Users} mode="view" />
          </section>
        ))
      )}
    </Flex>
  );
}
