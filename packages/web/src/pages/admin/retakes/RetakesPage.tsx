import { App, Button, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DeleteAction } from '../../../components/DeleteAction';
import { EditLink } from '../../../components/EditLink';
import { ListHeader } from '../../../components/ListHeader';
import { PagedTable } from '../../../components/PagedTable';
import { SearchBox } from '../../../components/SearchBox';
import type { ListColumn } from '../../../components/tableDetails';
import { useDeleteRetake, useRetakes } from '../../../features/retakes/api';
import { RetakeStateTag } from '../../../features/retakes/StatusTag';
import type { Retake } from '../../../features/retakes/types';
import { topicLine } from '../../../features/retakes/UserRetakes';
import { ApiError, errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/dates';
import { useListParams } from '../../../lib/useListParams';

const FILTERS = ['user'] as const;

/**
 * /admin/retake (admin-back-office.md §2 Retakes): every retake, paged by the server and searched by
 * name or personnel number (`?user=` keeps one person's); page and search live in the URL.
 */
export default function RetakesPage() {
  const { t } = useTranslation('retakes');
  const { message: toast, modal } = App.useApp();
  const { page, search, user, update, setPage, setSearch } = useListParams(FILTERS);
  const list = useRetakes({ page, search: search || undefined, user });
  const remove = useDeleteRetake();

  async function drop(retake: Retake) {
    try {
      const answer = await remove.mutateAsync(retake.ID);
      toast.success(answer.message || t('list.deleted'));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        modal.warning({ title: t('list.deleteRefused'), content: error.message, okText: t('common:actions.close') });
      } else {
        toast.error(errorMessage(error, t('common:errors.network')));
      }
    }
  }

  const columns: ListColumn<Retake>[] = [
    {
      title: t('list.person'),
      key: 'person',
      render: (_, retake) => (
        <Flex vertical gap={2}>
          <span>{retake.User.Fullname}</span>
          {retake.User.Tabel && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('list.tabel')}: {retake.User.Tabel}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('list.test'),
      key: 'test',
      render: (_, retake) => (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: retake.Test.Name }} style={{ margin: 0, maxWidth: 260 }}>
          {retake.Test.Name}
        </Typography.Paragraph>
      ),
    },
    {
      title: t('list.info'),
      key: 'info',
      details: true,
      render: (_, retake) => (
        <Flex vertical gap={2} style={{ maxWidth: 280 }}>
          <span>{topicLine(t, retake)}</span>
          {retake.Info?.Thematic && (
            <Typography.Text type="secondary" ellipsis={{ tooltip: retake.Info.Thematic }}>
              {retake.Info.Thematic}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { title: t('list.date'), key: 'date', details: 'narrow', render: (_, retake) => formatDateTime(retake.Date) },
    { title: t('list.state'), key: 'state', details: 'narrow', render: (_, retake) => <RetakeStateTag used={retake.Used} /> },
    {
      title: t('list.actions'),
      key: 'actions',
      render: (_, retake) => {
        const names = { name: retake.User.Fullname, test: retake.Test.Name };
        return (
          <Flex gap={8} wrap>
            {/* an attempt was made on it: it can no longer change */}
            {!retake.Used && <EditLink to={`/admin/edit-retake/${retake.ID}`} label={t('list.editOf', names)} />}
            <DeleteAction
              title={t('list.confirmDelete', names)}
              description={t('list.confirmDeleteHint')}
              label={t('list.deleteOf', names)}
              onConfirm={() => drop(retake)}
            />
          </Flex>
        );
      },
    },
  ];

  const filtered = Boolean(search || user);
  return (
    <Flex vertical gap={16}>
      <ListHeader
        title={t('list.title')}
        add={{ to: '/admin/create-retake', label: t('list.add') }}
        searchLabel={t('list.filters')}
        total={list.data && t('list.total', { count: list.data.total })}
      >
        {user && (
          <Flex align="center" gap={4}>
            <Tag color="blue">{t('list.byUser')}</Tag>
            <Button size="small" onClick={() => update({ user: null })}>
              {t('list.showAll')}
            </Button>
          </Flex>
        )}
        <SearchBox value={search} onSearch={setSearch} label={t('list.search')} placeholder={t('list.searchPlaceholder')} maxWidth={320} />
      </ListHeader>
      <PagedTable<Retake>
        list={list}
        columns={columns}
        page={page}
        setPage={setPage}
        emptyText={t(filtered ? 'list.emptyFiltered' : 'list.empty')}
        rowTestId="retake-row"
        size="middle"
        rowLabel={(retake) => retake.User.Fullname}
      />
    </Flex>
  );
}
