import type { Exam } from '@oqu/contracts';
import { Flex, Grid } from 'antd';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/PagedTable';
import { PageTitle } from '../../../components/PageTitle';
import { SearchBox } from '../../../components/SearchBox';
import { useExamsPage } from '../../../features/exams/api';
import { EXAM_PATHS } from '../../../features/exams/paths';
import { ResultsLink, reportCardColumns } from '../../../features/exams/reportCard';
import { useListParams } from '../../../lib/useListParams';

/** The administrator's report card (admin-back-office.md §2): every exam, paged; 'Results' once completed. */
export default function ReportCardAdminPage() {
  const { t } = useTranslation('exams');
  const { page, search, setPage, setSearch } = useListParams();
  const list = useExamsPage({ page, search: search || undefined });
  const narrow = !(Grid.useBreakpoint().md ?? true);
  const columns = reportCardColumns(t, (exam) => <ResultsLink exam={exam} to={EXAM_PATHS.resultsAdmin} />, narrow);
  return (
    <Flex vertical gap={16}>
      <PageTitle>{t('reportCard.adminTitle')}</PageTitle>
      <Flex gap={12} wrap role="search" align="center" aria-label={t('list.search')}>
        <SearchBox value={search} onSearch={setSearch} label={t('list.search')} placeholder={t('list.searchPlaceholder')} maxWidth={320} />
      </Flex>
      <PagedTable<Exam>
        list={list}
        columns={columns}
        page={page}
        setPage={setPage}
        emptyText={t(search ? 'list.emptyFiltered' : 'list.empty')}
        rowTestId="report-card-row"
        size="middle"
        rowLabel={(exam) => exam.Name}
      />
    </Flex>
  );
}
