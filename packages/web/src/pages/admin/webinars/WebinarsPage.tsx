import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import type { Webinar } from '@oqu/contracts';
import { App, Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ButtonLink';
import { DeleteAction } from '../../../components/DeleteAction';
import { ListHeader } from '../../../components/ListHeader';
import { PagedTable } from '../../../components/PagedTable';
import { SearchBox } from '../../../components/SearchBox';
import type { ListColumn } from '../../../components/tableDetails';
import { usePlansAndTopics } from '../../../features/catalogue/pickers';
import { Clipped } from '../../../features/tests/components/Clipped';
import { planOptions } from '../../../features/tests/components/PlanTopicFilter';
import { deleteWebinar, useWebinarMutation, useWebinars } from '../../../features/webinars/api';
import { useWebinarFormat } from '../../../features/webinars/lists/format';
import { ADMIN_PATHS } from '../../../features/webinars/lists/paths';
import { WebinarStatusTag } from '../../../features/webinars/WebinarStatusTag';
import { errorMessage } from '../../../lib/api';
import { useListParams } from '../../../lib/useListParams';

const FILTERS = ['plan'] as const;

/**
 * /admin/webinars (admin-back-office.md §2 Webinars): the schedule, paged by the server, searched by
 * name and filtered by plan (both in the URL); create, edit, view (with the recording) and delete. A webinar someone
 * attended or wrote in is archived by the server instead of deleted, and the screen says so.
 */
export default function WebinarsPage() {
  const { t } = useTranslation('webinars');
  const { message: toast, modal } = App.useApp();
  const format = useWebinarFormat();
  const { page, plan, search, update, setPage, setSearch } = useListParams(FILTERS);
  const list = useWebinars({ page, plan, search: search || undefined });
  const catalogue = usePlansAndTopics();
  const remove = useWebinarMutation(deleteWebinar);

  async function drop(webinar: Webinar) {
    try {
      const answer = await remove.mutateAsync(webinar.ID);
      if (answer.archived) {
        modal.info({
          title: t('admin.archivedTitle', { name: webinar.Webinarname }),
          content: answer.message || t('admin.archivedText'),
          okText: t('common:actions.close'),
        });
      } else {
        toast.success(answer.message || t('admin.deleted', { name: webinar.Webinarname }));
      }
    } catch (error) {
      toast.error(errorMessage(error, t('common:errors.network')));
    }
  }

  const columns: ListColumn<Webinar>[] = [
    {
      title: t('fields.name'),
      key: 'name',
      render: (_, webinar) => (
        <Flex vertical gap={2}>
          <Clipped text={webinar.Webinarname} width={190} strong />
          {webinar.Description && <Clipped text={webinar.Description} width={190} rows={1} secondary />}
        </Flex>
      ),
    },
    {
      title: t('admin.planAndTopic'),
      key: 'plan',
      details: 'narrow',
      render: (_, webinar) => (
        <Flex vertical gap={2}>
          <Clipped text={webinar.Topicname} width={190} />
          <Clipped text={webinar.Planname} width={190} rows={1} secondary />
        </Flex>
      ),
    },
    {
      title: t('fields.teacher'),
      key: 'teacher',
      details: 'narrow',
      render: (_, webinar) => <div style={{ maxWidth: 150 }}>{webinar.Teacher.Fullname || '—'}</div>,
    },
    {
      title: t('admin.when'),
      key: 'begin',
      details: 'narrow',
      render: (_, webinar) => (
        <Flex vertical gap={2} style={{ whiteSpace: 'nowrap' }}>
          <span>{format.dateTime(webinar.BeginTime || webinar.Startdate)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {format.minutes(webinar.Duration)}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('fields.status'), key: 'status', details: 'narrow', render: (_, webinar) => <WebinarStatusTag status={webinar.Status} /> },
    {
      title: t('admin.actions'),
      key: 'actions',
      render: (_, webinar) => {
        const names = { name: webinar.Webinarname };
        // icons with names: the row's name says which webinar, the table stays within the screen
        return (
          <Flex gap={6}>
            <ButtonLink
              to={ADMIN_PATHS.view(webinar.ID)}
              size="small"
              icon={<EyeOutlined aria-hidden />}
              aria-label={t('admin.viewOf', names)}
              title={t('admin.view')}
              data-testid={`webinar-view-${webinar.ID}`}
            />
            <ButtonLink
              to={ADMIN_PATHS.edit(webinar.ID)}
              size="small"
              icon={<EditOutlined aria-hidden />}
              aria-label={t('admin.editOf', names)}
              title={t('common:actions.edit')}
              data-testid={`webinar-edit-${webinar.ID}`}
            />
            <DeleteAction
              title={t('admin.confirmDelete', names)}
              description={t('admin.confirmDeleteHint')}
              label={t('admin.deleteOf', names)}
              onConfirm={() => drop(webinar)}
            />
          </Flex>
        );
      },
    },
  ];

  const filtered = Boolean(plan || search);
  return (
    <Flex vertical gap={16}>
      <ListHeader
        title={t('admin.title')}
        add={{ to: ADMIN_PATHS.create, label: t('admin.add') }}
        searchLabel={t('admin.filters')}
        total={list.data && t('admin.total', { count: list.data.total })}
      >
        <Select<number>
          aria-label={t('admin.planFilter')}
          placeholder={t('admin.allPlans')}
          style={{ width: 260 }}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={catalogue.isPending}
          value={plan}
          onChange={(value) => update({ plan: value ?? null })}
          options={planOptions(catalogue.data)}
          notFoundContent={catalogue.isError ? t('common:errors.load') : undefined}
          data-testid="webinars-plan-filter"
        />
        <SearchBox
          value={search}
          onSearch={setSearch}
          label={t('admin.search')}
          placeholder={t('admin.searchPlaceholder')}
          maxWidth={320}
        />
      </ListHeader>
      <PagedTable<Webinar>
        list={list}
        columns={columns}
        page={page}
        setPage={setPage}
        emptyText={t(filtered ? 'admin.emptyFiltered' : 'admin.empty')}
        rowTestId="webinar-row"
        size="middle"
        rowLabel={(webinar) => webinar.Webinarname}
      />
    </Flex>
  );
}
