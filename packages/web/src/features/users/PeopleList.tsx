import type { User } from '@oqu/contracts';
import { App, Flex, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAction } from '../../components/DeleteAction';
import { EditLink } from '../../components/EditLink';
import { ListHeader } from '../../components/ListHeader';
import { PagedTable } from '../../components/PagedTable';
import type { ListColumn } from '../../components/tableDetails';
import { errorMessage } from '../../lib/api';
import { useListParams } from '../../lib/useListParams';
import { useDeleteUser, useUsers } from './api';
import { displayName } from './format';
import { PERSON_KINDS, type PersonKind } from './kinds';

/**
 * Paged list of one role (examiners, webinar teachers, audience accounts) with edit links,
 * delete (confirmed first, the server's message shown) and an add button; `extra`: more buttons beside it.
 */
export function PeopleList({ kind, extra }: { kind: PersonKind; extra?: ReactNode }) {
  const config = PERSON_KINDS[kind];
  const { t } = useTranslation('people');
  const { message: toast } = App.useApp();
  const { page, setPage } = useListParams();
  const list = useUsers({ page, role: config.role });
  const remove = useDeleteUser();

  async function drop(user: User) {
    try {
      const answer = await remove.mutateAsync(user.ID);
      const text = answer.message || t(answer.archived ? 'list.archived' : 'list.deleted');
      if (answer.archived) toast.info(text);
      else toast.success(text);
    } catch (error) {
      toast.error(errorMessage(error, t('common:errors.network')));
    }
  }

  const columns: ListColumn<User>[] = [
    {
      title: config.splitName ? t('fields.fullname') : t('audience.name'),
      key: 'name',
      render: (_, user) => (
        <Flex gap={8} align="center" wrap>
          <span>{displayName(user)}</span>
          {user.IsBlocked && <Tag color="red">{t('status.blocked')}</Tag>}
        </Flex>
      ),
    },
    { title: t('fields.login'), dataIndex: 'Username', key: 'login', details: 'narrow', render: (_, u) => u.Username || u.Login },
    ...(config.iin ? [{ title: t('fields.iin'), dataIndex: 'IIN', key: 'iin', details: 'narrow' as const }] : []),
    {
      title: t('list.actions'),
      key: 'actions',
      render: (_, user) => (
        <Flex gap={8}>
          <EditLink to={config.editPath(user.ID)} label={t('list.editOf', { name: displayName(user) })} />
          <DeleteAction
            title={t('list.confirmDelete', { name: displayName(user) })}
            description={t('list.confirmDeleteHint')}
            label={t('list.deleteOf', { name: displayName(user) })}
            onConfirm={() => drop(user)}
          />
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <ListHeader title={t(`${config.i18n}.title`)} add={{ to: config.createPath, label: t(`${config.i18n}.add`) }} extra={extra} />
      <PagedTable<User>
        list={list}
        columns={columns}
        page={page}
        setPage={setPage}
        rowTestId="user-row"
        emptyText={t(`${config.i18n}.empty`)}
        rowLabel={displayName}
      />
    </Flex>
  );
}
