import { FileDoneOutlined } from '@ant-design/icons';
import type { Exam } from '@oqu/contracts';
import { Flex, Grid, Table } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { PageTitle } from '../../../components/PageTitle';
import { useTableDetails } from '../../../components/tableDetails';
import { useMyExams } from '../../../features/exams/api';
import { useExamPaths } from '../../../features/exams/paths';
import { ResultsLink, reportCardColumns, StartExamButton } from '../../../features/exams/reportCard';

/**
 * /admin/report-card (admin-back-office.md §2 Report cards and results): the examiner's own exams
 * (GET /api/exam/getexam without a page answers an examiner with theirs). 'Start' while in
 * progress, 'Results' once completed. The examiner's landing page (on a phone the compact /report-card).
 */
export default function ReportCardPage() {
  const { t } = useTranslation('exams');
  const exams = useMyExams();
  const paths = useExamPaths();
  const narrow = !(Grid.useBreakpoint().md ?? true);
  const columns = reportCardColumns(
    t,
    (exam) => (
      <Flex gap={6} wrap>
        <StartExamButton exam={exam} />
        <ResultsLink exam={exam} to={paths.results} />
      </Flex>
    ),
    narrow,
  );
  const layout = useTableDetails(columns, undefined, (exam) => exam.Name);

  return (
    <Flex vertical gap={16}>
      <PageTitle>{t('reportCard.title')}</PageTitle>
      {exams.isError && <LoadError error={exams.error} onRetry={() => void exams.refetch()} />}
      {exams.data?.length === 0 ? (
        <EmptyState icon={FileDoneOutlined} title={t('reportCard.emptyTitle')} text={t('reportCard.empty')} testId="report-card-empty" />
      ) : (
        <Table<Exam>
          {...layout}
          rowKey="ID"
          className="oqu-list-table"
          size="middle"
          dataSource={exams.data ?? []}
          loading={exams.isFetching}
          onRow={(exam) => ({ 'data-testid': `report-card-row-${exam.ID}` }) as HTMLAttributes<HTMLElement>}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        />
      )}
    </Flex>
  );
}
