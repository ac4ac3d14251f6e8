import { UnorderedListOutlined } from '@ant-design/icons';
import type { Test } from '@oqu/contracts';
import { App, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeleteAction } from '../../../components/DeleteAction';
import { EditLink } from '../../../components/EditLink';
import { ListHeader } from '../../../components/ListHeader';
import { PagedTable } from '../../../components/PagedTable';
import { SearchBox } from '../../../components/SearchBox';
import type { ListColumn } from '../../../components/tableDetails';
import { useDeleteTest, useTests } from '../../../features/tests/api';
import { Clipped } from '../../../features/tests/components/Clipped';
import { PlanTopicFilter } from '../../../features/tests/components/PlanTopicFilter';
import { questionsScreen } from '../../../features/tests/paths';
import { ApiError, errorMessage } from '../../../lib/api';
import { useListParams } from '../../../lib/useListParams';

const FILTERS = ['plan', 'topic'] as const;

/**
 * /admin/tests (admin-back-office.md §2 Catalogue): every test, paged by the server, filtered by
 * plan and topic and searched by name. Page, filters and search live in the URL.
 */
export default function TestsPage() {
  const { t } = useTranslation('tests');
  const { message: toast, modal } = App.useApp();
  const { page, plan, topic, search, update, setPage, setSearch } = useListParams(FILTERS);
  const list = useTests({ page, plan, topic, search: search || undefined });
  const remove = useDeleteTest();

  async function drop(test: Test) {
    try {
      const answer = await remove.mutateAsync(test.ID);
      toast.success(answer.message || t('tests.deleted'));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        modal.warning({ title: t('tests.deleteRefused', { name: test.Name }), content: error.message, okText: t('common:actions.close') });
      } else {
        toast.error(errorMessage(error, t('common:errors.network')));
      }
    }
  }

  const columns: ListColumn<Test>[] = [
    {
      title: t('fields.name'),
      key: 'name',
      render: (_, test) => (
        <Flex vertical gap={2}>
          <Clipped text={test.Name || test.Test} width={260} strong />
          {test.Description && <Clipped text={test.Description} width={260} rows={1} secondary />}
        </Flex>
      ),
    },
    {
      title: t('tests.planAndTopic'),
      key: 'plan',
      details: 'narrow',
      render: (_, test) => (
        <Flex vertical gap={2}>
          <Clipped text={test.Topic} width={240} />
          <Clipped text={test.Plan} width={240} rows={1} secondary />
        </Flex>
      ),
    },
    {
      title: t('fields.duration'),
      key: 'duration',
      details: true,
      render: (_, test) => t('common:units.minute', { count: test.Duration }),
    },
    { title: t('fields.passMarks'), key: 'passMarks', details: true, render: (_, test) => `${test.PassMarks ?? test.Passmarks}%` },
    {
      title: t('tests.questions'),
      key: 'questions',
      details: 'narrow',
      render: (_, test) => (
        <Link to={questionsScreen(test.ID)} aria-label={t('tests.questionsOf', { count: test.Questions, name: test.Name })}>
          <UnorderedListOutlined aria-hidden /> {t('tests.questionCount', { count: test.Questions })}
        </Link>
      ),
    },
    { title: t('tests.passed'), dataIndex: 'Passed', key: 'passed', details: true },
    {
      title: t('fields.webinar'),
      key: 'webinar',
      details: 'narrow',
      render: (_, test) =>
        test.Type ? (
          <Tag color="blue">{test.Position === null ? t('tests.webinarTag') : t('tests.webinarAt', { position: test.Position })}</Tag>
        ) : (
          <span className="oqu-visually-hidden">{t('tests.notWebinar')}</span>
        ),
    },
    {
      title: t('list.actions'),
      key: 'actions',
      render: (_, test) => (
        <Flex gap={8} wrap>
          <EditLink to={`/admin/edit-test/${test.ID}`} label={t('tests.editOf', { name: test.Name })} />
          <DeleteAction
            title={t('tests.confirmDelete', { name: test.Name })}
            description={
              test.Attempts > 0
                ? t('tests.confirmDeleteResults', { count: test.Attempts })
                : t('tests.confirmDeleteHint', { count: test.Questions })
            }
            label={t('tests.deleteOf', { name: test.Name })}
            onConfirm={() => drop(test)}
          />
        </Flex>
      ),
    },
  ];

  const filtered = Boolean(plan || topic || search);
  // a new test starts in the plan and topic the list is filtered by
  const createPath = `/admin/create-test${plan ? `?${new URLSearchParams({ plan: String(plan), ...(topic ? { topic: String(topic) } : {}) })}` : ''}`;
  return (
    <Flex vertical gap={16}>
      <ListHeader
        title={t('tests.title')}
        add={{ to: createPath, label: t('tests.add') }}
        searchLabel={t('filters.label')}
        total={list.data && t('tests.total', { count: list.data.total })}
      >
        <PlanTopicFilter plan={plan} topic={topic} onChange={update} />
        <SearchBox
          value={search}
          onSearch={setSearch}
          label={t('tests.search')}
          placeholder={t('tests.searchPlaceholder')}
          maxWidth={320}
        />
      </ListHeader>
      <PagedTable<Test>
        list={list}
        columns={columns}
        page={page}
        setPage={setPage}
        emptyText={t(filtered ? 'tests.emptyFiltered' : 'tests.empty')}
        rowTestId="test-row"
        size="middle"
        rowLabel={(test) => test.Name}
      />
    </Flex>
  );
}
