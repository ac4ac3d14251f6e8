import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { type ReportFilter, type ReportKind, useReportDownload } from './api';

/** "Download report": the server makes the xlsx (the button spins meanwhile), then the browser saves it. */
export function ReportButton({ kind, filter = {} }: { kind: ReportKind; filter?: ReportFilter }) {
  const { t } = useTranslation('statistics');
  const { message: toast } = App.useApp();
  const download = useReportDownload(kind);

  async function start() {
    try {
      await download.mutateAsync(filter);
      toast.success(t('report.ready'));
    } catch (error) {
      toast.error(errorMessage(error, t('report.failed')));
    }
  }

  return (
    <Button icon={<DownloadOutlined aria-hidden />} loading={download.isPending} onClick={start}>
      {download.isPending ? t('report.preparing') : t('report.download')}
    </Button>
  );
}
