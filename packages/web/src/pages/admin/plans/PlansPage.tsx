import type { Plan } from '@oqu/contracts';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DeleteAction } from '../../../components/DeleteAction';
import { EditLink } from '../../../components/EditLink';
import { ListHeader } from '../../../components/ListHeader';
import { PagedTable } from '../../../components/PagedTable';
import { SearchBox } from '../../../components/SearchBox';
import type { ListColumn } from '../../../components/tableDetails';
import { useDeletePlan, usePlans } from '../../../features/catalogue/api';
import { dictionaryName, formatHours } from '../../../features/catalogue/format';
import { useEduTypes } from '../../../features/catalogue/pickers';
import { useCatalogueDelete } from '../../../features/catalogue/useCatalogueDelete';
import { currentLanguage } from '../../../i18n';
import { useListParams } from '../../../lib/useListParams';

/**
 * /admin/plan-education: the education plans, paged by the server and searched by name
 * (admin-back-office.md §2 Catalogue). Delete says what goes with a plan before it is confirmed.
 */
export default function PlansPage() {
  const { t } = useTranslation('catalogue');
  const { page, search, setPage, setSearch } = useListParams();
  const list = usePlans({ page, search });
  const eduTypes = useEduTypes();
  const remove = useCatalogueDelete(useDeletePlan().mutateAsync);
  const locale = currentLanguage();

  const columns: ListColumn<Plan>[] = [
    {
      title: t('plans.name'),
      key: 'name',
      render: (_, plan) => <Typography.Text strong>{plan.Name || plan.Plan}</Typography.Text>,
    },
    {
      title: t('plans.duties'),
      key: 'duties',
      details: true,
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
      details: true,
      render: (_, plan) => plan.certificate?.Name ?? <Typography.Text type="secondary">{t('plans.noCertificate')}</Typography.Text>,
    },
    { title: t('plans.eduType'), key: 'eduType', details: true, render: (_, plan) => dictionaryName(eduTypes.data, plan.Types) || '—' },
    { title: t('plans.topicCount'), dataIndex: 'Topiccount', key: 'topics', align: 'right', details: 'narrow' },
    { title: t('plans.studentCount'), dataIndex: 'Studentcount', key: 'students', align: 'right', details: 'narrow' },
    {
      title: t('plans.totalHours'),
      key: 'hours',
      align: 'right',
      details: 'narrow',
      render: (_, plan) => formatHours(plan.Totalhour, locale),
    },
    {
      title: t('list.actions'),
      key: 'actions',
      render: (_, plan) => (
        <Flex gap={8} wrap>
          <EditLink to={`/admin/edit-plan/${plan.ID}`} label={t('list.editOf', { name: plan.Name })} />
          <DeleteAction
            title={t('plans.confirmDelete', { name: plan.Name })}
            description={<DeletePlanConsequences plan={plan} />}
            label={t('list.deleteOf', { name: plan.Name })}
            onConfirm={() => remove.drop(plan.ID, t('plans.deleted', { name: plan.Name }))}
          />
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <ListHeader
        title={t('plans.title')}
        add={{ to: '/admin/create-plan', label: t('plans.add') }}
        total={list.data && t('list.total', { count: list.data.total })}
      >
        <SearchBox value={search} onSearch={setSearch} label={t('list.search')} placeholder={t('plans.searchPlaceholder')} />
      </ListHeader>
      {remove.refusalAlert}
      <PagedTable<Plan>
        list={list}
        columns={columns}
        page={page}
        setPage={setPage}
        rowTestId="plan-row"
        rowLabel={(plan) => plan.Name}
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
