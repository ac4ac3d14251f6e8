import { FolderOpenOutlined } from '@ant-design/icons';
import type { ScormPackage } from '@oqu/contracts';
import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ButtonLink';
import { DeleteAction } from '../../../components/DeleteAction';
import { EditLink } from '../../../components/EditLink';
import { ListHeader } from '../../../components/ListHeader';
import { PagedTable } from '../../../components/PagedTable';
import type { ListColumn } from '../../../components/tableDetails';
import { useCatalogueDelete } from '../../../features/catalogue/useCatalogueDelete';
import { useDeleteScorm, useScorms } from '../../../features/scorm/api';
import { formatDate } from '../../../lib/dates';
import { useListParams } from '../../../lib/useListParams';

/**
 * /admin/scorms: the SCORM packages, paged by the server, with their topics (admin-back-office.md §2
 * Catalogue). Below them, where the spec shows a placeholder list, the way to the media library.
 */
export default function ScormsPage() {
  const { t } = useTranslation('scorm');
  const { page, setPage } = useListParams();
  const list = useScorms({ page });
  const remove = useCatalogueDelete(useDeleteScorm().mutateAsync);

  const columns: ListColumn<ScormPackage>[] = [
    { title: t('admin.name'), key: 'name', render: (_, scorm) => <Typography.Text strong>{scorm.Name}</Typography.Text> },
    { title: t('admin.topic'), key: 'topic', details: 'narrow', render: (_, scorm) => scorm.Topic.Name || '—' },
    {
      title: t('admin.file'),
      key: 'file',
      details: true,
      render: (_, scorm) =>
        scorm.Document ? (
          <span>
            {scorm.Document.Name}
            {scorm.Version && <Typography.Text type="secondary"> · SCORM {scorm.Version}</Typography.Text>}
          </span>
        ) : (
          <Typography.Text type="secondary">{t('admin.noFile')}</Typography.Text>
        ),
    },
    { title: t('admin.created'), key: 'created', width: 120, details: 'narrow', render: (_, scorm) => formatDate(scorm.CreatedAt) },
    {
      title: t('admin.actions'),
      key: 'actions',
      render: (_, scorm) => (
        <Flex gap={8} wrap>
          <EditLink to={`/admin/edit-scorm/${scorm.ID}`} label={t('admin.editOf', { name: scorm.Name })} />
          <DeleteAction
            title={t('admin.confirmDelete', { name: scorm.Name })}
            description={<div style={{ maxWidth: 340 }}>{t('admin.confirmDeleteHint')}</div>}
            label={t('admin.deleteOf', { name: scorm.Name })}
            onConfirm={() => remove.drop(scorm.ID, t('admin.deleted', { name: scorm.Name }))}
          />
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <ListHeader title={t('admin.title')} add={{ to: '/admin/create-scorm', label: t('admin.add') }} />
      {list.data && (
        <Typography.Text type="secondary" aria-live="polite">
          {t('admin.total', { count: list.data.total })}
        </Typography.Text>
      )}
      {remove.refusalAlert}
      <PagedTable<ScormPackage>
        list={list}
        columns={columns}
        page={page}
        setPage={setPage}
        rowTestId="scorm-row"
        rowLabel={(scorm) => scorm.Name}
        emptyText={t('admin.empty')}
      />
      <Card className="oqu-card" data-testid="scorm-media-link">
        <Flex gap={16} align="center" justify="space-between" wrap>
          <div>
            <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
              {t('admin.mediaTitle')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('admin.mediaText')}</Typography.Text>
          </div>
          <ButtonLink to="/admin/media" icon={<FolderOpenOutlined aria-hidden />}>
            {t('admin.mediaLink')}
          </ButtonLink>
        </Flex>
      </Card>
    </Flex>
  );
}
