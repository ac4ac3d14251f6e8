import { DownloadOutlined, StopOutlined } from '@ant-design/icons';
import type { IssuedCertificate } from '@oqu/contracts';
import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListHeader } from '../../../components/ListHeader';
import { PagedTable } from '../../../components/PagedTable';
import { SearchBox } from '../../../components/SearchBox';
import type { ListColumn } from '../../../components/tableDetails';
import { useIssuedCertificates } from '../../../features/issued-certificates/api';
import { CertificateStatus } from '../../../features/issued-certificates/CertificateStatus';
import { RevokeModal } from '../../../features/issued-certificates/RevokeModal';
import { formatDate } from '../../../lib/dates';
import { useIsNarrow } from '../../../lib/media';
import { useListParams } from '../../../lib/useListParams';

/**
 * /admin/issued-certificates: every certificate issued, newest first, searched by number, holder,
 * IIN or plan; each downloadable and revocable (with a reason). The exam, IIN, code and the reason of
 * a revoked one are in the row's details; on a phone the plan and date join them.
 */
export default function IssuedCertificatesPage() {
  const { t } = useTranslation('issuedCertificates');
  const { page, search, setPage, setSearch } = useListParams();
  const list = useIssuedCertificates({ page, search });
  const narrow = useIsNarrow();
  const [revoking, setRevoking] = useState<IssuedCertificate | null>(null);

  const status = (c: IssuedCertificate) => (
    <Flex vertical gap={4} align="start">
      <CertificateStatus revoked={c.Revoked} />
      {c.RevokedAt && <Typography.Text type="secondary">{t('admin.revokedAt', { date: formatDate(c.RevokedAt) })}</Typography.Text>}
    </Flex>
  );
  const number = (c: IssuedCertificate) => (
    <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
      {c.Number}
    </Typography.Text>
  );
  // a phone keeps one column of who and which beside the actions; the rest opens in the row
  const main: ListColumn<IssuedCertificate>[] = narrow
    ? [
        {
          title: t('fields.number'),
          key: 'number',
          render: (_, c) => (
            <Flex vertical gap={4} align="start">
              {number(c)}
              <span>{c.Fullname}</span>
              <CertificateStatus revoked={c.Revoked} />
            </Flex>
          ),
        },
        { title: t('fields.plan'), key: 'plan', dataIndex: 'Plan', details: true },
        { title: t('fields.date'), key: 'date', render: (_, c) => formatDate(c.Date), details: true },
        { title: t('fields.status'), key: 'status', render: (_, c) => status(c), details: true },
      ]
    : [
        { title: t('fields.number'), key: 'number', render: (_, c) => number(c) },
        { title: t('fields.holder'), key: 'holder', dataIndex: 'Fullname' },
        { title: t('fields.plan'), key: 'plan', dataIndex: 'Plan' },
        { title: t('fields.date'), key: 'date', render: (_, c) => formatDate(c.Date) },
        { title: t('fields.status'), key: 'status', render: (_, c) => status(c) },
      ];
  const columns: ListColumn<IssuedCertificate>[] = [
    ...main,
    { title: t('fields.exam'), key: 'exam', render: (_, c) => `${c.Exam} · ${c.Type}`, details: true },
    { title: t('fields.iin'), key: 'iin', dataIndex: 'IIN', details: true },
    { title: t('fields.code'), key: 'code', render: (_, c) => <Typography.Text code>{c.Code}</Typography.Text>, details: true },
    { title: t('fields.reason'), key: 'reason', render: (_, c) => c.RevokeReason ?? '—', details: true },
    {
      title: t('fields.actions'),
      key: 'actions',
      render: (_, c) => (
        <Flex gap={8} wrap>
          <Button href={c.Path} download icon={<DownloadOutlined aria-hidden />} aria-label={t('files.pdfOf', { number: c.Number })}>
            {narrow ? null : 'PDF'}
          </Button>
          {!c.Revoked && (
            <Button
              danger
              icon={<StopOutlined aria-hidden />}
              aria-label={t('revoke.actionOf', { number: c.Number })}
              onClick={() => setRevoking(c)}
            >
              {narrow ? null : t('revoke.action')}
            </Button>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <ListHeader title={t('admin.title')} total={list.data && t('admin.total', { count: list.data.total })}>
        <SearchBox value={search} onSearch={setSearch} label={t('admin.search')} placeholder={t('admin.searchPlaceholder')} />
      </ListHeader>
      <PagedTable<IssuedCertificate>
        list={list}
        columns={columns}
        page={page}
        setPage={setPage}
        rowTestId="issued-certificate-row"
        rowLabel={(c) => c.Number}
        emptyText={t(search ? 'admin.emptyFiltered' : 'admin.empty')}
      />
      {revoking && <RevokeModal certificate={revoking} onClose={() => setRevoking(null)} />}
    </Flex>
  );
}
