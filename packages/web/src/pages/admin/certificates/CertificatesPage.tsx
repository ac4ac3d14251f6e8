import { FileOutlined } from '@ant-design/icons';
import type { Certificate } from '@oqu/contracts';
import type { TableColumnsType } from 'antd';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DeleteAction } from '../../../components/DeleteAction';
import { EditLink } from '../../../components/EditLink';
import { ListHeader } from '../../../components/ListHeader';
import { PagedTable } from '../../../components/PagedTable';
import { SearchBox } from '../../../components/SearchBox';
import { useCertificates, useDeleteCertificate } from '../../../features/catalogue/api';
import { useCatalogueDelete } from '../../../features/catalogue/useCatalogueDelete';
import { useListParams } from '../../../lib/useListParams';

/**
 * /admin/certificates: certificate templates with their files (admin-back-office.md §2 Catalogue).
 * A certificate that a plan uses cannot be deleted: the server's refusal is shown above the list.
 */
export default function CertificatesPage() {
  const { t } = useTranslation('catalogue');
  const { page, search, setPage, setSearch } = useListParams();
  const list = useCertificates({ page, search });
  const remove = useCatalogueDelete(useDeleteCertificate().mutateAsync);

  const columns: TableColumnsType<Certificate> = [
    { title: t('certificates.name'), key: 'name', render: (_, c) => <Typography.Text strong>{c.Name}</Typography.Text> },
    {
      title: t('certificates.file'),
      key: 'file',
      render: (_, c) =>
        c.Path ? (
          <Typography.Link
            href={c.Path}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('certificates.openFile', { name: c.FileName })}
          >
            <FileOutlined aria-hidden /> {c.FileName || t('certificates.fileNoName')}
          </Typography.Link>
        ) : (
          <Typography.Text type="secondary">{c.FileName || '—'}</Typography.Text>
        ),
    },
    {
      title: t('list.actions'),
      key: 'actions',
      render: (_, c) => (
        <Flex gap={8} wrap>
          <EditLink to={`/admin/edit-certificate/${c.ID}`} label={t('list.editOf', { name: c.Name })} />
          <DeleteAction
            title={t('certificates.confirmDelete', { name: c.Name })}
            description={<div style={{ maxWidth: 340 }}>{t('certificates.confirmDeleteHint')}</div>}
            label={t('list.deleteOf', { name: c.Name })}
            onConfirm={() => remove.drop(c.ID, t('certificates.deleted', { name: c.Name }))}
          />
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <ListHeader
        title={t('certificates.title')}
        add={{ to: '/admin/create-certificate', label: t('certificates.add') }}
        total={list.data && t('list.total', { count: list.data.total })}
      >
        <SearchBox value={search} onSearch={setSearch} label={t('list.search')} placeholder={t('certificates.searchPlaceholder')} />
      </ListHeader>
      {remove.refusalAlert}
      <PagedTable<Certificate>
        list={list}
        columns={columns}
        page={page}
        setPage={setPage}
        rowTestId="certificate-row"
        emptyText={t(search ? 'certificates.emptyFiltered' : 'certificates.empty')}
      />
    </Flex>
  );
}
