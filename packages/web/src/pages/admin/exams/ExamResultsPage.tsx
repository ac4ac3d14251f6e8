import { Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ButtonLink';
import { EmptyState } from '../../../components/EmptyState';
import { PageTitle } from '../../../components/PageTitle';
import type { ExamTable } from '../../../features/exams/api';
import { ExamFacts } from '../../../features/exams/ExamFacts';
import { ExamTableGate } from '../../../features/exams/ExamTableGate';
import { useExamPaths } from '../../../features/exams/paths';
import { VerdictRuleLine, VotingNote } from '../../../features/exams/RecordNotes';
import { RegionVotes } from '../../../features/exams/RegionVotes';
import { ExamDocuments, SignedLine, SignReportCard } from '../../../features/exams/ReportCardActions';
import { SaveState } from '../../../features/exams/SaveState';
import { UndecidedNotice } from '../../../features/exams/UndecidedNotice';
import { useVoting } from '../../../features/exams/useVoting';
import { signingState, votingState } from '../../../features/exams/votes';
import { SignaturesList } from '../../../features/signing/SignaturesList';

/**
 * /admin/exam-results/{id} (admin-back-office.md §2 Report cards and results, §4 votes; also the
 * compact /exam-results/{id}): a table per region with the caller's vote on each trainee, saved as
 * given; the region-wide accept; who is still undecided and the verdict rule; signing once the exam
 * is over and every vote is in, after which no vote changes; the report card and, once signed, its
 * marked copy and the signed package.
 */
export default function ExamResultsPage() {
  const { t } = useTranslation('exams');
  const paths = useExamPaths();
  return (
    <ExamTableGate title={t('results.title')} backTo={paths.reportCard} backLabel={t('conduct.backToList')}>
      {(table, receivedAt) => <Results table={table} receivedAt={receivedAt} />}
    </ExamTableGate>
  );
}

function Results({ table, receivedAt }: { table: ExamTable; receivedAt: number }) {
  const { t } = useTranslation('exams');
  const paths = useExamPaths();
  const exam = table.exam;
  const voting = useVoting(exam.ID);
  const votingNow = votingState(table);
  return (
    <Flex vertical gap={16} data-testid="exam-results" data-signed={table.Signed} data-fixed={table.DocumentFixed}>
      <PageTitle extra={<ButtonLink to={paths.reportCard}>{t('conduct.backToList')}</ButtonLink>}>
        {t('results.titleOf', { name: exam.Name })}
      </PageTitle>
      <Card className="oqu-card">
        <Flex vertical gap={12}>
          <ExamFacts exam={exam} receivedAt={receivedAt} />
          <VerdictRuleLine rule={table.VerdictRule} />
          <Flex gap={12} align="center" wrap>
            <SignReportCard exam={exam} state={signingState(table)} />
            <ExamDocuments exam={exam} fixed={table.DocumentFixed} />
            {table.Signed ? (
              <SignedLine examId={exam.ID} />
            ) : (
              votingNow === 'open' && <SaveState saving={voting.saving} saved={voting.saved} />
            )}
          </Flex>
          <VotingNote table={table} voting={votingNow} />
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
          <RegionVotes
            key={region.Region.ID}
            examId={exam.ID}
            passMarks={exam.PassMarks}
            region={region}
            voting={votingNow}
            vote={voting.vote}
          />
        ))
      )}
    </Flex>
  );
}
