import { EditOutlined, PlusOutlined, SearchOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { Test } from '@oqu/contracts';
import type { TableColumnsType } from 'antd';
import { App, Flex, Input, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ButtonLink';
import { PageTitle } from '../../../components/PageTitle';
import { useDeleteTest, useTests } from '../../../features/tests/api';
import { Clipped } from '../../../features/tests/components/Clipped';
import { DeleteAction } from '../../../features/tests/components/DeleteAction';
import { PagedTable } from '../../../features/tests/components/PagedTable';
import { PlanTopicFilter } from '../../../features/tests/components/PlanTopicFilter';
import { questionsScreen } from '../../../features/tests/paths';
import { useListState, useSearchBox } from '../../../features/tests/useListState';
import { errorMessage } from '../../../features/users/api';
import { useClampPage } from '../../../features/users/useListParams';
import { ApiError } from '../../../lib/api';

/**
 * /admin/tests (admin-back-office.md §2 Catalogue): every test, paged by the server, filtered by
 * plan and topic and searched by name. Page, filters and search live in the URL.
 */
export default function TestsPage() {
  const { t } = useTranslation('tests');
  const { message: toast, modal } = App.useApp();
  const { page, plan, topic, search, update, setPage } = useListState();
  const list = useTests({ page, plan, topic, search: search || undefined });
  useClampPage(page, list.data?.pages, setPage);
  const [text, setText] = useSearchBox(search, (value) => update({ search: value }));
  const remove = useDeleteTest();
  const [removingId, setRemovingId] = useState<number | null>(null);

  async function drop(test: Test) {
    setRemovingId(test.ID);
    try {
      const answer = await remove.mutateAsync(test.ID);
      toast.success(answer.message || t('tests.deleted'));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        modal.warning({ title: t('tests.deleteRefused', { name: test.Name }), content: error.message, okText: t('actions.close') });
      } else {
        toast.error(errorMessage(error, t('errors.network')));
      }
    } finally {
      setRemovingId(null);
    }
  }

  const columns: TableColumnsType<Test> = [
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
      align: 'right',
      render: (_, test) => t('common:units.minute', { count: test.Duration }),
    },
    { title: t('fields.passMarks'), key: 'passMarks', align: 'right', render: (_, test) => `${test.PassMarks ?? test.Passmarks}%` },
    {
      title: t('tests.questions'),
      key: 'questions',
      render: (_, test) => (
        <Link to={questionsScreen(test.ID)} aria-label={t('tests.questionsOf', { count: test.Questions, name: test.Name })}>
          <UnorderedListOutlined aria-hidden /> {t('tests.questionCount', { count: test.Questions })}
        </Link>
      ),
    },
    { title: t('tests.passed'), dataIndex: 'Passed', key: 'passed', align: 'right' },
    {
      title: t('fields.webinar'),
      key: 'webinar',
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
      fixed: 'right',
      render: (_, test) => (
        <Flex gap={8} wrap>
          <ButtonLink
            to={`/admin/edit-test/${test.ID}`}
            size="small"
            icon={<EditOutlined aria-hidden />}
            aria-label={t('tests.editOf', { name: test.Name })}
          >
            {t('actions.edit')}
          </ButtonLink>
          <DeleteAction
            title={t('tests.confirmDelete', { name: test.Name })}
            description={
              test.Attempts > 0
                ? t('tests.confirmDeleteResults', { count: test.Attempts })
                : t('tests.confirmDeleteHint', { count: test.Questions })
            }
            label={t('tests.deleteOf', { name: test.Name })}
            loading={removingId === test.ID}
            onConfirm={() => void drop(test)}
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
      <PageTitle
        extra={
          <ButtonLink to={createPath} type="primary" icon={<PlusOutlined aria-hidden />}>
            {t('tests.add')}
          </ButtonLink>
        }
      >
        {t('tests.title')}
      </PageTitle>
      <Flex gap={12} wrap role="search" aria-label={t('filters.label')}>
        <PlanTopicFilter
          plan={plan}
          topic={topic}
          onPlan={(value) => update({ plan: value })}
          onTopic={(value) => update({ topic: value })}
        />
        <Input
          type="search"
          allowClear
          aria-label={t('tests.search')}
          placeholder={t('tests.searchPlaceholder')}
          prefix={<SearchOutlined aria-hidden />}
          style={{ maxWidth: 320 }}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        {list.data && (
          <Typography.Text type="secondary" style={{ alignSelf: 'center' }} aria-live="polite">
            {t('tests.total', { count: list.data.total })}
          </Typography.Text>
        )}
      </Flex>
      <PagedTable<Test>
        list={list}
        columns={columns}
        page={page}
        setPage={setPage}
        emptyText={t(filtered ? 'tests.emptyFiltered' : 'tests.empty')}
        rowTestId="test-row"
        scroll={{ x: 'max-content' }}
      />
    </Flex>
  );
}
