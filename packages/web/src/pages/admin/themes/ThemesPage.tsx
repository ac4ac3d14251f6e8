import { InfoCircleOutlined } from '@ant-design/icons';
import type { Topic } from '@oqu/contracts';
import { Button, Flex, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAction } from '../../../components/DeleteAction';
import { EditLink } from '../../../components/EditLink';
import { ListHeader } from '../../../components/ListHeader';
import { PagedTable } from '../../../components/PagedTable';
import { SearchBox } from '../../../components/SearchBox';
import type { ListColumn } from '../../../components/tableDetails';
import { useDeleteTopic, useTopics } from '../../../features/catalogue/api';
import { dictionaryName, formatHours } from '../../../features/catalogue/format';
import { useEduTypes, usePlansAndTopics, useTopicTypes } from '../../../features/catalogue/pickers';
import { TopicInfoModal } from '../../../features/catalogue/TopicInfoModal';
import { useCatalogueDelete } from '../../../features/catalogue/useCatalogueDelete';
import { ScormImportModal } from '../../../features/scorm/ScormImportModal';
import { TopicScormMenu } from '../../../features/scorm/TopicScormMenu';
import { currentLanguage } from '../../../i18n';
import { useListParams } from '../../../lib/useListParams';

const FILTERS = ['plan', 'type'] as const;

/**
 * /admin/themes: the topics of every plan, paged by the server, filtered by plan and topic type
 * and searched by name or number (admin-back-office.md §2 Catalogue). Each row opens an info
 * popup with every field of the topic, and has the topic's SCORM import and export.
 */
export default function ThemesPage() {
  const { t } = useTranslation('catalogue');
  const { page, search, plan, type, setPage, setSearch, update } = useListParams(FILTERS);
  const list = useTopics({ page, search, plan, type });
  const plans = usePlansAndTopics();
  const topicTypes = useTopicTypes();
  const eduTypes = useEduTypes();
  const remove = useCatalogueDelete(useDeleteTopic().mutateAsync);
  const [info, setInfo] = useState<Topic | null>(null);
  const [scormFor, setScormFor] = useState<Topic | null>(null);
  const locale = currentLanguage();

  const columns: ListColumn<Topic>[] = [
    { title: t('topics.number'), key: 'number', width: 80, details: 'narrow', render: (_, topic) => topic.IDNumber || '—' },
    { title: t('topics.plan'), dataIndex: 'Plan', key: 'plan', details: true },
    {
      title: t('topics.name'),
      key: 'name',
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
    { title: t('topics.type'), key: 'type', details: 'narrow', render: (_, topic) => dictionaryName(topicTypes.data, topic.TypeID) },
    { title: t('topics.eduType'), key: 'eduType', details: true, render: (_, topic) => dictionaryName(eduTypes.data, topic.EduType) },
    {
      title: t('topics.hours'),
      key: 'hours',
      align: 'right',
      width: 80,
      details: 'narrow',
      render: (_, topic) => formatHours(topic.TotalHour, locale),
    },
    { title: t('topics.position'), dataIndex: 'Position', key: 'position', details: true },
    {
      title: t('list.actions'),
      key: 'actions',
      render: (_, topic) => (
        <Flex gap={8} wrap>
          <EditLink to={`/admin/edit-theme/${topic.ID}`} label={t('list.editOf', { name: topic.Name })} />
          <TopicScormMenu topic={topic} onImport={() => setScormFor(topic)} />
          <DeleteAction
            title={t('topics.confirmDelete', { name: topic.Name })}
            description={
              <div style={{ maxWidth: 360 }}>
                <p style={{ margin: 0 }}>
                  {topic.Testcount > 0 ? t('topics.deleteTests', { count: topic.Testcount }) : t('topics.deleteNoTests')}
                </p>
                <p style={{ margin: '4px 0 0' }}>{t('topics.deleteResultsNote')}</p>
              </div>
            }
            label={t('list.deleteOf', { name: topic.Name })}
            onConfirm={() => remove.drop(topic.ID, t('topics.deleted', { name: topic.Name }))}
          />
        </Flex>
      ),
    },
  ];

  const filtered = Boolean(search || plan || type);
  const createPath = plan ? `/admin/create-themes?plan=${plan}` : '/admin/create-themes';
  return (
    <Flex vertical gap={16}>
      <ListHeader
        title={t('topics.title')}
        add={{ to: createPath, label: t('topics.add') }}
        total={list.data && t('list.total', { count: list.data.total })}
      >
        <Select<number>
          aria-label={t('topics.plan')}
          style={{ minWidth: 260, maxWidth: 420 }}
          value={plan ?? 0}
          onChange={(value) => update({ plan: value || null })}
          loading={plans.isFetching}
          showSearch={{ optionFilterProp: 'label' }}
          popupMatchSelectWidth={false}
          options={[{ value: 0, label: t('topics.allPlans') }, ...(plans.data ?? []).map((item) => ({ value: item.ID, label: item.Name }))]}
        />
        <Select<number>
          aria-label={t('topics.type')}
          style={{ minWidth: 200 }}
          value={type ?? 0}
          onChange={(value) => update({ type: value || null })}
          loading={topicTypes.isFetching}
          options={[
            { value: 0, label: t('topics.allTypes') },
            ...(topicTypes.data ?? []).map((item) => ({ value: item.ID, label: item.Name })),
          ]}
        />
        <SearchBox value={search} onSearch={setSearch} label={t('list.search')} placeholder={t('topics.searchPlaceholder')} />
      </ListHeader>
      {remove.refusalAlert}
      <PagedTable<Topic>
        list={list}
        columns={columns}
        page={page}
        setPage={setPage}
        rowTestId="topic-row"
        rowLabel={(topic) => topic.Name}
        emptyText={t(filtered ? 'topics.emptyFiltered' : 'topics.empty')}
      />
      <TopicInfoModal topic={info} onClose={() => setInfo(null)} />
      <ScormImportModal topic={scormFor} onClose={() => setScormFor(null)} />
    </Flex>
  );
}
