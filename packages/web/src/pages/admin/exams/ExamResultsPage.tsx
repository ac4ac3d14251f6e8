import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ButtonLink';
import { EmptyState } from '../../../components/EmptyState';
import { PageTitle } from '../../../components/PageTitle';
import type { ExamTable } from '../../../features/exams/api';
import { ExamFacts } from '../../../features/exams/ExamFacts';
import { ExamTableGate } from '../../../features/exams/ExamTableGate';
import { EXAM_PATHS } from '../../../features/exams/paths';
import { RegionVotes } from '../../../features/exams/RegionVotes';
import { DownloadReportCard, SignedLine, SignReportCard } from '../../../features/exams/ReportCardActions';
import { SaveState } from '../../../features/exams/SaveState';
import { useVoting } from '../../../features/exams/useVoting';
import { SignaturesList } from '../../../features/signing/SignaturesList';

/**
 * /admin/exam-results/{id} (admin-back-office.md §2 Report cards and results, §4 votes): a table per
 * region with the caller's vote on each trainee, saved as given; "accept whole region"; signing the
 * report card once the exam is over, after which the votes are locked; the report card's download.
 */
export default function ExamResultsPage() {
  const { t } = useTranslation('exams');
  return (
    <ExamTableGate title={t('results.title')} backTo={EXAM_PATHS.reportCard} backLabel={t('conduct.backToList')}>
      {(table, receivedAt) => <Results table={table} receivedAt={receivedAt} />}
    </ExamTableGate>
  );
}

function Results({ table, receivedAt }: { table: ExamTable; receivedAt: number }) {
  const { t } = useTranslation('exams');
  const exam = table.exam;
  const voting = useVoting(exam.ID);
  return (
    <Flex vertical gap={16} data-testid="exam-results" data-signed={table.Signed}>
      <PageTitle extra={<ButtonLink to={EXAM_PATHS.reportCard}>{t('conduct.backToList')}</ButtonLink>}>
        {t('results.titleOf', { name: exam.Name })}
      </PageTitle>
      <Card className="oqu-card">
        <Flex vertical gap={12}>
          <ExamFacts exam={exam} receivedAt={receivedAt} />
          <Flex gap={12} align="center" wrap>
            <SignReportCard exam={exam} signed={table.Signed} />
            <DownloadReportCard exam={exam} />
            {table.Signed ? <SignedLine examId={exam.ID} /> : <SaveState saving={voting.saving} saved={voting.saved} />}
          </Flex>
          {table.Signed && <Typography.Text type="secondary">{t('results.locked')}</Typography.Text>}
        </Flex>
      </Card>
      <Card className="oqu-card">
        <SignaturesList examId={exam.ID} />
      </Card>
      {table.data.length === 0 ? (
        <EmptyState title={t('conduct.noParticipantsTitle')} text={t('conduct.noParticipants')} />
      ) : (
        table.data.map((region) => (
          <RegionVotes key={region.Region.ID} examId={exam.ID} region={region} locked={table.Signed} vote={voting.vote} />
        ))
      )}
    </Flex>
  );
}
