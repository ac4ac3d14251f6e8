import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Plan } from '@oqu/contracts';
import type { TableColumnsType } from 'antd';
import { Alert, App, Button, Flex, Popconfirm, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { useDeletePlan, usePlans } from '../../../features/catalogue/api';
import { dictionaryName, formatHours } from '../../../features/catalogue/format';
import { PagedTable } from '../../../features/catalogue/PagedTable';
import { useEduTypes } from '../../../features/catalogue/pickers';
import { SearchBox } from '../../../features/catalogue/SearchBox';
import { useCatalogueParams } from '../../../features/catalogue/useCatalogueParams';
import { errorMessage } from '../../../features/users/api';
import { LinkButton } from '../../../features/users/LinkButton';
import { useClampPage } from '../../../features/users/useListParams';
import { currentLanguage } from '../../../i18n';

/**
 * /admin/plan-education: the education plans, paged by the server and searched by name
 * (admin-back-office.md §2 Catalogue). Delete says what goes with a plan before it is confirmed.
 */
export default function PlansPage() {
  const { t } = useTranslation('catalogue');
  const { message: toast } = App.useApp();
  const { page, search, setPage, setSearch } = useCatalogueParams();
  const list = usePlans({ page, search });
  useClampPage(page, list.data?.pages, setPage);
  const eduTypes = useEduTypes();
  const remove = useDeletePlan();
  const [removingId, setRemovingId] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const locale = currentLanguage();

  async function drop(plan: Plan) {
    setRemovingId(plan.ID);
    setRefusal(null);
    try {
      const answer = await remove.mutateAsync(plan.ID);
      toast.success(answer.message || t('plans.deleted', { name: plan.Name }));
    } catch (failure) {
      setRefusal(errorMessage(failure, t('errors.network')));
    } finally {
      setRemovingId(null);
    }
  }

  const columns: TableColumnsType<Plan> = [
    {
      title: t('plans.name'),
      key: 'name',
      minWidth: 220,
      render: (_, plan) => <Typography.Text strong>{plan.Name || plan.Plan}</Typography.Text>,
    },
    {
      title: t('plans.duties'),
      key: 'duties',
      minWidth: 240,
      render: (_, plan) =>
        plan.Duty.length > 0 ? (
          <Flex gap={4} wrap>
            {plan.Duty.map((duty) => (
              <Tag key={duty} style={{ marginInlineEnd: 0 }}>
                {duty}
              </Tag>
            ))}
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('plans.anyDuty')}</Typography.Text>
        ),
    },
    {
      title: t('plans.certificate'),
      key: 'certificate',
      minWidth: 180,
      render: (_, plan) => plan.certificate?.Name ?? <Typography.Text type="secondary">{t('plans.noCertificate')}</Typography.Text>,
    },
    { title: t('plans.eduType'), key: 'eduType', render: (_, plan) => dictionaryName(eduTypes.data, plan.Types) || '—' },
    { title: t('plans.topicCount'), dataIndex: 'Topiccount', key: 'topics', align: 'right' },
    { title: t('plans.studentCount'), dataIndex: 'Studentcount', key: 'students', align: 'right' },
    { title: t('plans.totalHours'), key: 'hours', align: 'right', render: (_, plan) => formatHours(plan.Totalhour, locale) },
    {
      title: t('list.actions'),
      key: 'actions',
      width: 210,
      render: (_, plan) => (
        <Flex gap={8}>
          <LinkButton
            to={`/admin/edit-plan/${plan.ID}`}
            size="small"
            icon={<EditOutlined aria-hidden />}
            aria-label={t('list.editOf', { name: plan.Name })}
          >
            {t('actions.edit')}
          </LinkButton>
          <Popconfirm
            title={t('plans.confirmDelete', { name: plan.Name })}
            description={<DeletePlanConsequences plan={plan} />}
            okText={t('actions.delete')}
            cancelText={t('actions.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => drop(plan)}
          >
            <Button
              size="small"
              danger
              icon={<DeleteOutlined aria-hidden />}
              loading={removingId === plan.ID}
              aria-label={t('list.deleteOf', { name: plan.Name })}
            >
              {t('actions.delete')}
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <PageTitle
        extra={
          <LinkButton to="/admin/create-plan" type="primary" icon={<PlusOutlined aria-hidden />}>
            {t('plans.add')}
          </LinkButton>
        }
      >
        {t('plans.title')}
      </PageTitle>
      <Flex gap={12} wrap role="search" align="center">
        <SearchBox value={search} onSearch={setSearch} label={t('list.search')} placeholder={t('plans.searchPlaceholder')} />
        {list.data && <Typography.Text type="secondary">{t('list.total', { count: list.data.total })}</Typography.Text>}
      </Flex>
      {refusal && <Alert type="error" showIcon closable title={refusal} onClose={() => setRefusal(null)} />}
      <PagedTable<Plan>
        list={list}
        columns={columns}
        page={page}
        setPage={setPage}
        rowTestId="plan-row"
        scroll={{ x: 1200 }}
        emptyText={t(search ? 'plans.emptyFiltered' : 'plans.empty')}
      />
    </Flex>
  );
}

/** What deleting this plan takes with it, said before the delete is confirmed. */
function DeletePlanConsequences({ plan }: { plan: Plan }) {
  const { t } = useTranslation('catalogue');
  return (
    <div style={{ maxWidth: 360 }}>
      <p style={{ margin: 0 }}>{plan.Topiccount > 0 ? t('plans.deleteTopics', { count: plan.Topiccount }) : t('plans.deleteNoTopics')}</p>
      {plan.Studentcount > 0 && <p style={{ margin: '4px 0 0' }}>{t('plans.deleteStudents', { count: plan.Studentcount })}</p>}
      <p style={{ margin: '4px 0 0' }}>{t('plans.deleteResultsNote')}</p>
    </div>
  );
}
