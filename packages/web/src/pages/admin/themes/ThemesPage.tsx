import { DeleteOutlined, EditOutlined, InfoCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { Topic } from '@oqu/contracts';
import type { TableColumnsType } from 'antd';
import { Alert, App, Button, Flex, Popconfirm, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { useDeleteTopic, useTopics } from '../../../features/catalogue/api';
import { dictionaryName, formatHours } from '../../../features/catalogue/format';
import { PagedTable } from '../../../features/catalogue/PagedTable';
import { useEduTypes, usePlansAndTopics, useTopicTypes } from '../../../features/catalogue/pickers';
import { SearchBox } from '../../../features/catalogue/SearchBox';
import { TopicInfoModal } from '../../../features/catalogue/TopicInfoModal';
import { useCatalogueParams } from '../../../features/catalogue/useCatalogueParams';
import { errorMessage } from '../../../features/users/api';
import { LinkButton } from '../../../features/users/LinkButton';
import { useClampPage } from '../../../features/users/useListParams';
import { currentLanguage } from '../../../i18n';

const FILTERS = ['plan', 'type'] as const;

/**
 * /admin/themes: the topics of every plan, paged by the server, filtered by plan and topic type
 * and searched by name or number (admin-back-office.md §2 Catalogue). Each row opens an info
 * popup with every field of the topic.
 */
export default function ThemesPage() {
  const { t } = useTranslation('catalogue');
  const { message: toast } = App.useApp();
  const { page, search, filters, setPage, setSearch, setFilter } = useCatalogueParams(FILTERS);
  const list = useTopics({ page, search, plan: filters.plan, type: filters.type });
  useClampPage(page, list.data?.pages, setPage);
  const plans = usePlansAndTopics();
  const topicTypes = useTopicTypes();
  const eduTypes = useEduTypes();
  const remove = useDeleteTopic();
  const [removingId, setRemovingId] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [info, setInfo] = useState<Topic | null>(null);
  const locale = currentLanguage();

  async function drop(topic: Topic) {
    setRemovingId(topic.ID);
    setRefusal(null);
    try {
      const answer = await remove.mutateAsync(topic.ID);
      toast.success(answer.message || t('topics.deleted', { name: topic.Name }));
    } catch (failure) {
      setRefusal(errorMessage(failure, t('errors.network')));
    } finally {
      setRemovingId(null);
    }
  }

  const columns: TableColumnsType<Topic> = [
    { title: t('topics.number'), key: 'number', width: 90, render: (_, topic) => topic.IDNumber || '—' },
    { title: t('topics.plan'), dataIndex: 'Plan', key: 'plan', minWidth: 180 },
    {
      title: t('topics.name'),
      key: 'name',
      minWidth: 260,
      render: (_, topic) => (
        <Button
          type="link"
          onClick={() => setInfo(topic)}
          title={t('topics.infoOf', { name: topic.Name })}
          style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start', fontWeight: 600 }}
        >
          <span>
            {topic.Name} <InfoCircleOutlined aria-hidden />
            <span className="oqu-visually-hidden"> — {t('actions.info')}</span>
          </span>
        </Button>
      ),
    },
    { title: t('topics.type'), key: 'type', minWidth: 140, render: (_, topic) => dictionaryName(topicTypes.data, topic.TypeID) },
    { title: t('topics.eduType'), key: 'eduType', minWidth: 120, render: (_, topic) => dictionaryName(eduTypes.data, topic.EduType) },
    { title: t('topics.hours'), key: 'hours', align: 'right', width: 80, render: (_, topic) => formatHours(topic.TotalHour, locale) },
    { title: t('topics.position'), dataIndex: 'Position', key: 'position', align: 'right', width: 110 },
    {
      title: t('list.actions'),
      key: 'actions',
      width: 210,
      render: (_, topic) => (
        <Flex gap={8}>
          <LinkButton
            to={`/admin/edit-theme/${topic.ID}`}
            size="small"
            icon={<EditOutlined aria-hidden />}
            aria-label={t('list.editOf', { name: topic.Name })}
          >
            {t('actions.edit')}
          </LinkButton>
          <Popconfirm
            title={t('topics.confirmDelete', { name: topic.Name })}
            description={
              <div style={{ maxWidth: 360 }}>
                <p style={{ margin: 0 }}>
                  {topic.Testcount > 0 ? t('topics.deleteTests', { count: topic.Testcount }) : t('topics.deleteNoTests')}
                </p>
                <p style={{ margin: '4px 0 0' }}>{t('topics.deleteResultsNote')}</p>
              </div>
            }
            okText={t('actions.delete')}
            cancelText={t('actions.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => drop(topic)}
          >
            <Button
              size="small"
              danger
              icon={<DeleteOutlined aria-hidden />}
              loading={removingId === topic.ID}
              aria-label={t('list.deleteOf', { name: topic.Name })}
            >
              {t('actions.delete')}
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ];

  const filtered = Boolean(search || filters.plan || filters.type);
  const createPath = filters.plan ? `/admin/create-themes?plan=${filters.plan}` : '/admin/create-themes';
  return (
    <Flex vertical gap={16}>
      <PageTitle
        extra={
          <LinkButton to={createPath} type="primary" icon={<PlusOutlined aria-hidden />}>
            {t('topics.add')}
          </LinkButton>
        }
      >
        {t('topics.title')}
      </PageTitle>
      <Flex gap={12} wrap role="search" align="center">
        <Select<number>
          aria-label={t('topics.plan')}
          style={{ minWidth: 260, maxWidth: 420 }}
          value={filters.plan ?? 0}
          onChange={(value) => setFilter('plan', value || null)}
          loading={plans.isFetching}
          showSearch={{ optionFilterProp: 'label' }}
          popupMatchSelectWidth={false}
          options={[{ value: 0, label: t('topics.allPlans') }, ...(plans.data ?? []).map((plan) => ({ value: plan.ID, label: plan.Name }))]}
        />
        <Select<number>
          aria-label={t('topics.type')}
          style={{ minWidth: 200 }}
          value={filters.type ?? 0}
          onChange={(value) => setFilter('type', value || null)}
          loading={topicTypes.isFetching}
          options={[
            { value: 0, label: t('topics.allTypes') },
            ...(topicTypes.data ?? []).map((item) => ({ value: item.ID, label: item.Name })),
          ]}
        />
        <SearchBox value={search} onSearch={setSearch} label={t('list.search')} placeholder={t('topics.searchPlaceholder')} />
        {list.data && <Typography.Text type="secondary">{t('list.total', { count: list.data.total })}</Typography.Text>}
      </Flex>
      {refusal && <Alert type="error" showIcon closable title={refusal} onClose={() => setRefusal(null)} />}
      <PagedTable<Topic>
        list={list}
        columns={columns}
        page={page}
        setPage={setPage}
        rowTestId="topic-row"
        scroll={{ x: 1180 }}
        emptyText={t(filtered ? 'topics.emptyFiltered' : 'topics.empty')}
      />
      <TopicInfoModal topic={info} onClose={() => setInfo(null)} />
    </Flex>
  );
}
