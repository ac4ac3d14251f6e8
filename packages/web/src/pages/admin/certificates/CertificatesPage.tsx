import { DeleteOutlined, EditOutlined, FileOutlined, PlusOutlined } from '@ant-design/icons';
import type { Certificate } from '@oqu/contracts';
import type { TableColumnsType } from 'antd';
import { Alert, App, Button, Flex, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { useCertificates, useDeleteCertificate } from '../../../features/catalogue/api';
import { PagedTable } from '../../../features/catalogue/PagedTable';
import { SearchBox } from '../../../features/catalogue/SearchBox';
import { useCatalogueParams } from '../../../features/catalogue/useCatalogueParams';
import { errorMessage } from '../../../features/users/api';
import { LinkButton } from '../../../features/users/LinkButton';
import { useClampPage } from '../../../features/users/useListParams';

/**
 * /admin/certificates: certificate templates with their files (admin-back-office.md §2 Catalogue).
 * A certificate that a plan uses cannot be deleted: the server's refusal is shown above the list.
 */
export default function CertificatesPage() {
  const { t } = useTranslation('catalogue');
  const { message: toast } = App.useApp();
  const { page, search, setPage, setSearch } = useCatalogueParams();
  const list = useCertificates({ page, search });
  useClampPage(page, list.data?.pages, setPage);
  const remove = useDeleteCertificate();
  const [removingId, setRemovingId] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function drop(certificate: Certificate) {
    setRemovingId(certificate.ID);
    setRefusal(null);
    try {
      const answer = await remove.mutateAsync(certificate.ID);
      toast.success(answer.message || t('certificates.deleted', { name: certificate.Name }));
    } catch (failure) {
      setRefusal(errorMessage(failure, t('errors.network')));
    } finally {
      setRemovingId(null);
    }
  }

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
        <Flex gap={8}>
          <LinkButton
            to={`/admin/edit-certificate/${c.ID}`}
            size="small"
            icon={<EditOutlined aria-hidden />}
            aria-label={t('list.editOf', { name: c.Name })}
          >
            {t('actions.edit')}
          </LinkButton>
          <Popconfirm
            title={t('certificates.confirmDelete', { name: c.Name })}
            description={<div style={{ maxWidth: 340 }}>{t('certificates.confirmDeleteHint')}</div>}
            okText={t('actions.delete')}
            cancelText={t('actions.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => drop(c)}
          >
            <Button
              size="small"
              danger
              icon={<DeleteOutlined aria-hidden />}
              loading={removingId === c.ID}
              aria-label={t('list.deleteOf', { name: c.Name })}
            >
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
          <LinkButton to="/admin/create-certificate" type="primary" icon={<PlusOutlined aria-hidden />}>
            {t('certificates.add')}
          </LinkButton>
        }
      >
        {t('certificates.title')}
      </PageTitle>
      <Flex gap={12} wrap role="search" align="center">
        <SearchBox value={search} onSearch={setSearch} label={t('list.search')} placeholder={t('certificates.searchPlaceholder')} />
        {list.data && <Typography.Text type="secondary">{t('list.total', { count: list.data.total })}</Typography.Text>}
      </Flex>
      {refusal && <Alert type="error" showIcon closable title={refusal} onClose={() => setRefusal(null)} />}
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
