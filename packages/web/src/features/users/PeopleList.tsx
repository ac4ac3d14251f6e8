import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { User } from '@oqu/contracts';
import type { TableColumnsType } from 'antd';
import { App, Button, Flex, Popconfirm, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { errorMessage, useDeleteUser, useUsers } from './api';
import { displayName } from './format';
import { PERSON_KINDS, type PersonKind } from './kinds';
import { LinkButton } from './LinkButton';
import { PeopleTable } from './PeopleTable';
import { useClampPage, useListParams } from './useListParams';

/**
 * Paged list of one role (examiners, webinar teachers, audience accounts) with edit links,
 * delete (confirmed first, the server's message shown) and an add button.
 */
export function PeopleList({ kind }: { kind: PersonKind }) {
  const config = PERSON_KINDS[kind];
  const { t } = useTranslation('people');
  const { message: toast } = App.useApp();
  const { page, setPage } = useListParams();
  const list = useUsers({ page, role: config.role });
  useClampPage(page, list.data?.pages, setPage);
  const remove = useDeleteUser();
  const [removingId, setRemovingId] = useState<number | null>(null);

  async function drop(user: User) {
    setRemovingId(user.ID);
    try {
      const answer = await remove.mutateAsync(user.ID);
      const text = answer.message || t(answer.archived ? 'list.archived' : 'list.deleted');
      if (answer.archived) toast.info(text);
      else toast.success(text);
    } catch (error) {
      toast.error(errorMessage(error, t('errors.network')));
    } finally {
      setRemovingId(null);
    }
  }

  const columns: TableColumnsType<User> = [
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
    { title: t('fields.login'), dataIndex: 'Username', key: 'login', render: (_, u) => u.Username || u.Login },
    ...(config.iin ? [{ title: t('fields.iin'), dataIndex: 'IIN', key: 'iin' }] : []),
    {
      title: t('list.actions'),
      key: 'actions',
      render: (_, user) => (
        <Flex gap={8}>
          <LinkButton
            to={config.editPath(user.ID)}
            size="small"
            icon={<EditOutlined aria-hidden />}
            title={t('list.editOf', { name: displayName(user) })}
          >
            {t('actions.edit')}
          </LinkButton>
          <Popconfirm
            title={t('list.confirmDelete', { name: displayName(user) })}
            description={t('list.confirmDeleteHint')}
            okText={t('actions.delete')}
            cancelText={t('actions.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => drop(user)}
          >
            <Button size="small" danger icon={<DeleteOutlined aria-hidden />} loading={removingId === user.ID}>
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
          <LinkButton to={config.createPath} type="primary" icon={<PlusOutlined aria-hidden />}>
            {t(`${config.i18n}.add`)}
          </LinkButton>
        }
      >
        {t(`${config.i18n}.title`)}
      </PageTitle>
      <PeopleTable
        list={list}
        columns={columns}
        page={page}
        setPage={setPage}
        emptyText={t(`${config.i18n}.empty`)}
        scroll={{ x: 'max-content' }}
      />
    </Flex>
  );
}
