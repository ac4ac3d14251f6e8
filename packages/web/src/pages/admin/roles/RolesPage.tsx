import { CheckOutlined, MinusOutlined } from '@ant-design/icons';
import { ADMIN_MENU, ALL_ROLES, canUse, PAGE_SIZE, ROLE_KEYS, type RoleId, SECTIONS, type SectionKey } from '@oqu/contracts';
import { Card, Input, Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/LoadError';
import { PageTitle } from '../../../components/PageTitle';
import { type RoleRoute, useRoleRoutes } from '../../../features/roles/api';
import { useIsNarrow } from '../../../lib/media';

type RoleFilter = RoleId | 'all';

function isSection(value: string | null): value is SectionKey {
  return value !== null && Object.hasOwn(SECTIONS, value);
}

/** May this role call the route? Public routes and routes open to every signed-in user count. */
function roleMayCall(route: RoleRoute, role: RoleId): boolean {
  return route.public || route.roles.length === 0 || route.roles.includes(role);
}

/**
 * /admin/role: which role sees which admin section (the same lists the menu and the server use),
 * then every API route with the roles that may call it, from GET /api/roles.
 */
export default function RolesPage() {
  const { t } = useTranslation();
  const id = useId();
  const routes = useRoleRoutes();
  const [role, setRole] = useState<RoleFilter>('all');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const narrow = useIsNarrow();

  const roleName = (value: RoleId) => t(`role.${ROLE_KEYS[value]}`);

  const sectionColumn: ColumnsType<{ key: SectionKey }>[number] = {
    key: 'section',
    title: t('roles.section'),
    rowScope: 'row',
    render: (_, row) => t(`section.${row.key}`),
  };
  // a phone has no room for a column per role: each section lists the roles that may use it
  const narrowMatrixColumns: ColumnsType<{ key: SectionKey }> = [
    sectionColumn,
    {
      key: 'roles',
      title: t('roles.access'),
      render: (_, row) => ALL_ROLES.filter((value) => canUse(row.key, value)).map((value) => <Tag key={value}>{roleName(value)}</Tag>),
    },
  ];
  const matrixColumns: ColumnsType<{ key: SectionKey }> = [
    sectionColumn,
    ...ALL_ROLES.map((value) => ({
      key: String(value),
      title: roleName(value),
      align: 'center' as const,
      render: (_: unknown, row: { key: SectionKey }) =>
        canUse(row.key, value) ? (
          <span className="oqu-check">
            <CheckOutlined aria-hidden="true" />
            <span className="oqu-visually-hidden">{t('roles.allowed')}</span>
          </span>
        ) : (
          <span className="oqu-no-check">
            <MinusOutlined aria-hidden="true" />
            <span className="oqu-visually-hidden">{t('roles.denied')}</span>
          </span>
        ),
    })),
  ];

  const filtered = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (routes.data ?? []).filter(
      (route) => (role === 'all' || roleMayCall(route, role)) && (!needle || route.url.toLowerCase().includes(needle)),
    );
  }, [routes.data, role, search]);

  const routeColumns: ColumnsType<RoleRoute> = [
    {
      key: 'method',
      title: t('roles.method'),
      dataIndex: 'method',
      width: 96,
      render: (method: string) => <span className={`oqu-method oqu-method-${method.toLowerCase()}`}>{method}</span>,
    },
    {
      key: 'url',
      title: t('roles.url'),
      dataIndex: 'url',
      render: (url: string) => <code className="oqu-code">{url}</code>,
    },
    {
      key: 'section',
      title: t('roles.section'),
      dataIndex: 'section',
      responsive: ['md'],
      render: (section: string | null) => (isSection(section) ? t(`section.${section}`) : (section ?? '—')),
    },
    {
      key: 'access',
      title: t('roles.access'),
      render: (_, route) => {
        if (route.public) return <Tag>{t('roles.public')}</Tag>;
        if (route.roles.length === 0) return <Tag>{t('roles.anySignedIn')}</Tag>;
        return route.roles.map((value) => <Tag key={value}>{ROLE_KEYS[value as RoleId] ? roleName(value as RoleId) : value}</Tag>);
      },
    },
  ];

  return (
    <section className="oqu-page">
      <PageTitle>{t('section.roles')}</PageTitle>

      <Card className="oqu-card">
        <Typography.Title level={2} className="oqu-card-title">
          {t('roles.matrixTitle')}
        </Typography.Title>
        <Typography.Paragraph className="oqu-card-text">{t('roles.matrixText')}</Typography.Paragraph>
        <Table
          size="small"
          className="oqu-matrix oqu-list-table"
          columns={narrow ? narrowMatrixColumns : matrixColumns}
          dataSource={ADMIN_MENU.map((key) => ({ key }))}
          pagination={false}
        />
      </Card>

      <Card className="oqu-card">
        <Typography.Title level={2} className="oqu-card-title">
          {t('roles.routesTitle')}
        </Typography.Title>
        <div className="oqu-filters">
          <div className="oqu-filter">
            <label htmlFor={`${id}-role`}>{t('roles.filterRole')}</label>
            <Select<RoleFilter>
              id={`${id}-role`}
              value={role}
              onChange={(value) => {
                setRole(value);
                setPage(1);
              }}
              className="oqu-filter-select"
              options={[{ value: 'all', label: t('roles.allRoles') }, ...ALL_ROLES.map((value) => ({ value, label: roleName(value) }))]}
            />
          </div>
          <div className="oqu-filter">
            <label htmlFor={`${id}-search`}>{t('roles.search')}</label>
            <Input
              id={`${id}-search`}
              allowClear
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
              placeholder="/api/…"
            />
          </div>
        </div>
        {routes.isError ? (
          <LoadError error={routes.error} onRetry={() => void routes.refetch()} />
        ) : (
          <Table
            size="small"
            rowKey={(route) => `${route.method} ${route.url}`}
            columns={routeColumns}
            dataSource={filtered}
            loading={routes.isLoading}
            className="oqu-list-table"
            pagination={{
              current: page,
              onChange: setPage,
              pageSize: PAGE_SIZE,
              showSizeChanger: false,
              hideOnSinglePage: false,
              showTotal: (total) => t('roles.routesCount', { count: total }),
            }}
            locale={{ emptyText: t('roles.noRoutes') }}
          />
        )}
      </Card>
    </section>
  );
}
