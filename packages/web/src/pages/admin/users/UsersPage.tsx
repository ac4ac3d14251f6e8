import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { ALL_ROLES, type User } from '@oqu/contracts';
import type { TableColumnsType } from 'antd';
import { Flex, Input, Select, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { useUsers } from '../../../features/users/api';
import { displayName, usePeopleFormat } from '../../../features/users/format';
import { LinkButton } from '../../../features/users/LinkButton';
import { PeopleTable } from '../../../features/users/PeopleTable';
import { useClampPage, useListParams } from '../../../features/users/useListParams';
import { UserDetails } from './UserDetails';

const SEARCH_DELAY_MS = 400;

/**
 * /admin/users: every person, paged by the server, filtered by role and searched by name, IIN or
 * personnel number. Page, role and search live in the URL so that a reload shows the same list.
 */
export default function UsersPage() {
  const { t } = useTranslation('people');
  const format = usePeopleFormat();
  const { page, role, search, setPage, setRole, setSearch } = useListParams();
  const list = useUsers({ page, role, search });

  // The search box is debounced: the URL (and so the query) follows the typing after a pause.
  const [text, setText] = useState(search);
  const sent = useRef(search);
  useEffect(() => {
    if (search !== sent.current) {
      // the URL changed by itself (back button): show its search
      sent.current = search;
      setText(search);
    }
  }, [search]);
  useEffect(() => {
    if (text.trim() === sent.current.trim()) return;
    const timer = setTimeout(() => {
      sent.current = text.trim();
      setSearch(text.trim());
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, setSearch]);

  useClampPage(page, list.data?.pages, setPage);

  const columns: TableColumnsType<User> = [
    { title: t('fields.fullname'), key: 'name', render: (_, user) => displayName(user) },
    { title: t('fields.iin'), dataIndex: 'IIN', key: 'iin' },
    { title: t('fields.tabel'), key: 'tabel', render: (_, user) => user.Tabel || user.IDNumber },
    { title: t('fields.department'), dataIndex: 'Department', key: 'department' },
    { title: t('fields.duty'), dataIndex: 'Duty', key: 'duty' },
    { title: t('fields.role'), key: 'role', render: (_, user) => format.role(user.RoleID) },
    {
      title: t('list.status'),
      key: 'status',
      render: (_, user) => (user.IsBlocked ? <Tag color="red">{t('status.blocked')}</Tag> : <Tag>{t('status.active')}</Tag>),
    },
  ];

  const filtered = Boolean(role || search);
  return (
    <Flex vertical gap={16}>
      <PageTitle
        extra={
          <LinkButton to="/admin/create-user" type="primary" icon={<PlusOutlined aria-hidden />}>
            {t('users.add')}
          </LinkButton>
        }
      >
        {t('users.title')}
      </PageTitle>
      <Flex gap={12} wrap role="search">
        <Select<number>
          aria-label={t('fields.role')}
          style={{ minWidth: 220 }}
          value={role ?? 0}
          onChange={(value) => setRole(value || null)}
          options={[{ value: 0, label: t('users.allRoles') }, ...ALL_ROLES.map((id) => ({ value: id, label: format.role(id) }))]}
        />
        <Input
          type="search"
          allowClear
          aria-label={t('users.search')}
          placeholder={t('users.searchPlaceholder')}
          prefix={<SearchOutlined aria-hidden />}
          style={{ maxWidth: 360 }}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        {list.data && (
          <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>
            {t('users.total', { count: list.data.total })}
          </Typography.Text>
        )}
      </Flex>
      <PeopleTable
        list={list}
        columns={columns}
        page={page}
        setPage={setPage}
        emptyText={t(filtered ? 'users.emptyFiltered' : 'users.empty')}
        expandable={{
          columnTitle: <span className="oqu-visually-hidden">{t('users.details')}</span>,
          expandedRowRender: (user) => <UserDetails user={user} />,
        }}
        scroll={{ x: 960 }}
      />
    </Flex>
  );
}
