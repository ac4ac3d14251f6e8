import { ALL_ROLES, type User } from '@oqu/contracts';
import { Flex, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListHeader } from '../../../components/ListHeader';
import { PagedTable } from '../../../components/PagedTable';
import { SearchBox } from '../../../components/SearchBox';
import type { ListColumn } from '../../../components/tableDetails';
import { useUsers } from '../../../features/users/api';
import { displayName, usePeopleFormat } from '../../../features/users/format';
import { useListParams } from '../../../lib/useListParams';
import { UserDetails } from './UserDetails';

const FILTERS = ['role'] as const;

/**
 * /admin/users: every person, paged by the server, filtered by role and searched by name, IIN or
 * personnel number. Page, role and search live in the URL so that a reload shows the same list.
 */
export default function UsersPage() {
  const { t } = useTranslation('people');
  const format = usePeopleFormat();
  const { page, role, search, setPage, setSearch, update } = useListParams(FILTERS);
  const list = useUsers({ page, role, search });

  const columns: ListColumn<User>[] = [
    { title: t('fields.fullname'), key: 'name', render: (_, user) => displayName(user) },
    { title: t('fields.iin'), dataIndex: 'IIN', key: 'iin', details: 'narrow' },
    { title: t('fields.tabel'), key: 'tabel', details: true, render: (_, user) => user.Tabel || user.IDNumber || '—' },
    { title: t('fields.department'), key: 'department', details: true, render: (_, user) => user.Department || '—' },
    { title: t('fields.duty'), key: 'duty', details: true, render: (_, user) => user.Duty || '—' },
    { title: t('fields.region'), key: 'region', details: true, render: (_, user) => user.Region?.Fullname || '—' },
    { title: t('fields.role'), key: 'role', details: 'narrow', render: (_, user) => format.role(user.RoleID) },
    {
      title: t('list.status'),
      key: 'status',
      render: (_, user) => (user.IsBlocked ? <Tag color="red">{t('status.blocked')}</Tag> : <Tag>{t('status.active')}</Tag>),
    },
  ];

  const filtered = Boolean(role || search);
  return (
    <Flex vertical gap={16}>
      <ListHeader
        title={t('users.title')}
        add={{ to: '/admin/create-user', label: t('users.add') }}
        total={list.data && t('users.total', { count: list.data.total })}
      >
        <Select<number>
          aria-label={t('fields.role')}
          style={{ minWidth: 220 }}
          value={role ?? 0}
          onChange={(value) => update({ role: value || null })}
          options={[{ value: 0, label: t('users.allRoles') }, ...ALL_ROLES.map((id) => ({ value: id, label: format.role(id) }))]}
        />
        <SearchBox value={search} onSearch={setSearch} label={t('users.search')} placeholder={t('users.searchPlaceholder')} />
      </ListHeader>
      <PagedTable<User>
        list={list}
        columns={columns}
        page={page}
        setPage={setPage}
        rowTestId="user-row"
        emptyText={t(filtered ? 'users.emptyFiltered' : 'users.empty')}
        rowLabel={displayName}
        expandable={{ expandedRowRender: (user) => <UserDetails user={user} /> }}
      />
    </Flex>
  );
}
