import { type Exam, Role } from '@oqu/contracts';
import { App, Flex, Grid } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditLink } from '../../../components/EditLink';
import { ListHeader } from '../../../components/ListHeader';
import { PagedTable } from '../../../components/PagedTable';
import { SearchBox } from '../../../components/SearchBox';
import type { ListColumn } from '../../../components/tableDetails';
import { deleteExam, useExamMutation, useExamsPage } from '../../../features/exams/api';
import { ExamDeleteAction } from '../../../features/exams/ExamDeleteAction';
import { ExamStatusPill } from '../../../features/exams/ExamPills';
import { examDateTime, names } from '../../../features/exams/format';
import { EXAM_PATHS } from '../../../features/exams/paths';
import { NarrowName } from '../../../features/exams/reportCard';
import { Clipped } from '../../../features/tests/components/Clipped';
import { errorMessage } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { useListParams } from '../../../lib/useListParams';

/**
 * /admin/exam (admin-back-office.md §2 Exam): the exams, paged by the server and searched by name;
 * create, edit and delete. An exam signed or voted in is kept: its delete dialog says so.
 */
export default function ExamsPage() {
  const { t } = useTranslation('exams');
  const { message: toast } = App.useApp();
  const { page, search, setPage, setSearch } = useListParams();
  const list = useExamsPage({ page, search: search || undefined });
  const remove = useExamMutation(deleteExam);
  // only administrators delete exams (the server refuses others)
  const deletes = useSession()?.RoleID === Role.Admin;
  // on a phone the name carries the date and status, and the rest goes into the row's details
  const narrow = !(Grid.useBreakpoint().md ?? true);

  async function drop(exam: Exam) {
    try {
      const answer = await remove.mutateAsync(exam.ID);
      toast.success(answer.message || t('list.deleted', { name: exam.Name }));
    } catch (error) {
      toast.error(errorMessage(error, t('common:errors.network')));
    }
  }

  const columns: ListColumn<Exam>[] = [
    {
      title: t('fields.name'),
      key: 'name',
      render: (_, exam) => (narrow ? <NarrowName exam={exam} /> : <Clipped text={exam.Name} width={220} strong />),
    },
    { title: t('fields.plan'), key: 'plan', details: narrow, render: (_, exam) => <Clipped text={exam.Plan} width={200} /> },
    { title: t('fields.type'), key: 'type', details: true, render: (_, exam) => exam.Type || '—' },
    {
      title: t('fields.when'),
      key: 'begin',
      details: narrow,
      render: (_, exam) => <span style={{ whiteSpace: 'nowrap' }}>{examDateTime(exam.BeginTime)}</span>,
    },
    { title: t('fields.status'), key: 'status', details: narrow, render: (_, exam) => <ExamStatusPill status={exam.Status} /> },
    { title: t('fields.examiners'), key: 'examiners', details: true, render: (_, exam) => names(exam.Examenators) },
    {
      title: t('fields.regions'),
      key: 'regions',
      details: true,
      render: (_, exam) => (exam.Regions.length > 0 ? names(exam.Regions) : t('list.noRegions')),
    },
    {
      title: t('list.actions'),
      key: 'actions',
      render: (_, exam) => {
        const named = { name: exam.Name };
        return (
          <Flex gap={6} wrap vertical={narrow}>
            <EditLink to={EXAM_PATHS.edit(exam.ID)} label={t('list.editOf', named)} />
            {deletes && <ExamDeleteAction exam={exam} onDelete={() => drop(exam)} />}
          </Flex>
        );
      },
    },
  ];

  return (
    <Flex vertical gap={16}>
      <ListHeader
        title={t('list.title')}
        add={{ to: EXAM_PATHS.create, label: t('list.add') }}
        total={list.data && t('list.total', { count: list.data.total })}
      >
        <SearchBox value={search} onSearch={setSearch} label={t('list.search')} placeholder={t('list.searchPlaceholder')} maxWidth={320} />
      </ListHeader>
      <PagedTable<Exam>
        list={list}
        columns={columns}
        page={page}
        setPage={setPage}
        emptyText={t(search ? 'list.emptyFiltered' : 'list.empty')}
        rowTestId="exam-row"
        size="middle"
        rowLabel={(exam) => exam.Name}
      />
    </Flex>
  );
}
