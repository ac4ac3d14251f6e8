import { GlobalOutlined } from '@ant-design/icons';
import { type AdminMediaFile, mediaKindOf } from '@oqu/contracts';
import { App, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DeleteAction } from '../../../components/DeleteAction';
import { EditLink } from '../../../components/EditLink';
import { ListHeader } from '../../../components/ListHeader';
import { PagedTable } from '../../../components/PagedTable';
import type { ListColumn } from '../../../components/tableDetails';
import { useAdminMedia, useDeleteMedia } from '../../../features/media/api';
import { useSizeText } from '../../../features/media/useSizeText';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/dates';
import { useListParams } from '../../../lib/useListParams';

/** /admin/media: the media library, a page at a time from the server, newest first. */
export default function MediaPage() {
  const { t } = useTranslation('media');
  const { message } = App.useApp();
  const { page, setPage } = useListParams();
  const list = useAdminMedia(page);
  const remove = useDeleteMedia();
  const sizeText = useSizeText();

  async function drop(file: AdminMediaFile) {
    try {
      const answer = await remove.mutateAsync(file.ID);
      message.success(answer.message || t('admin.deleted', { name: file.Name }));
    } catch (failure) {
      message.error(errorMessage(failure, t('admin.deleted', { name: file.Name })));
    }
  }

  const columns: ListColumn<AdminMediaFile>[] = [
    {
      title: t('admin.name'),
      key: 'name',
      render: (_, file) => (
        <Flex vertical gap={2}>
          <Typography.Link
            href={file.Path}
            target="_blank"
            rel="noopener noreferrer"
            strong
            aria-label={t('admin.open', { name: file.Name })}
          >
            {file.Name}
          </Typography.Link>
          <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
            {file.FileName}
          </Typography.Text>
          {file.VR && (
            <span>
              <Tag color="purple" icon={<GlobalOutlined aria-hidden />}>
                VR 360°
              </Tag>
            </span>
          )}
        </Flex>
      ),
    },
    { title: t('admin.type'), key: 'type', details: true, render: (_, file) => t(`learner.kinds.${mediaKindOf(file.Type)}`) },
    { title: t('admin.size'), key: 'size', details: 'narrow', render: (_, file) => sizeText(file.Size) },
    { title: t('admin.created'), key: 'created', details: true, render: (_, file) => formatDateTime(file.CreatedAt) },
    {
      title: t('admin.actions'),
      key: 'actions',
      render: (_, file) => (
        <Flex gap={8} wrap>
          <EditLink to={`/admin/edit-media-file/${file.ID}`} label={t('admin.editOf', { name: file.Name })} />
          <DeleteAction
            title={t('admin.confirmDelete', { name: file.Name })}
            description={<div style={{ maxWidth: 340 }}>{t('admin.confirmDeleteHint')}</div>}
            label={t('admin.deleteOf', { name: file.Name })}
            onConfirm={() => drop(file)}
          />
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <ListHeader
        title={t('admin.title')}
        add={{ to: '/admin/create-media-file', label: t('admin.add') }}
        total={list.data && t('admin.total', { count: list.data.total })}
      />
      <PagedTable<AdminMediaFile>
        list={list}
        columns={columns}
        page={page}
        setPage={setPage}
        rowTestId="media-row"
        rowLabel={(file) => file.Name}
        emptyText={t('admin.empty')}
      />
    </Flex>
  );
}
