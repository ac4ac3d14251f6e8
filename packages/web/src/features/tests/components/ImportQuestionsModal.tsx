import { DownloadOutlined, FileExcelOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Progress, Table, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from '../../../components/Form';
import { currentLanguage } from '../../../i18n';
import { ApiError, errorMessage } from '../../../lib/api';
import { formatSize } from '../../../lib/sizes';
import { downloadImportTemplate, importQuestions, useInvalidateCatalogue } from '../api';
import { checkSpreadsheet, IMPORT_MAX_BYTES, SPREADSHEET_PROBLEM_KEY, XLSX_ACCEPT } from '../files';
import { type ImportReport, importReportOf } from '../importReport';
import { TestPicker } from './TestPicker';

interface ImportQuestionsModalProps {
  open: boolean;
  onClose: () => void;
  /** the test the list is filtered by, chosen at first */
  testId?: number;
  /** called after questions were added to a test */
  onImported?: (testId: number, added: number) => void;
}

type Outcome =
  | { kind: 'added'; added: number; message: string }
  | { kind: 'refused'; report: ImportReport }
  | { kind: 'error'; message: string };

/**
 * Adds questions to a test from an .xlsx sheet (POST /api/question/import). Either every row is
 * added, or none: a refused sheet comes back with a report of each wrong row and column.
 */
export function ImportQuestionsModal({ open, onClose, testId, onImported }: ImportQuestionsModalProps) {
  const { t } = useTranslation('tests');
  const invalidate = useInvalidateCatalogue();
  const [test, setTest] = useState<number | undefined>(testId);
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [templateError, setTemplateError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const sending = progress !== null;

  // each opening starts afresh, in the list's current test
  useEffect(() => {
    if (open) {
      setTest(testId);
      setFile(null);
      setFileProblem(null);
      setOutcome(null);
      setTemplateError(null);
      setProgress(null);
    }
  }, [open, testId]);

  function close() {
    abort.current?.abort();
    onClose();
  }

  function choose(chosen: File) {
    const problem = checkSpreadsheet(chosen);
    setOutcome(null);
    if (problem) {
      setFile(null);
      setFileProblem(
        `${chosen.name}: ${t(SPREADSHEET_PROBLEM_KEY[problem], { max: formatSize(IMPORT_MAX_BYTES, units(t), currentLanguage()) })}`,
      );
    } else {
      setFile(chosen);
      setFileProblem(null);
    }
    return Upload.LIST_IGNORE;
  }

  async function send() {
    if (!test || !file) return;
    setOutcome(null);
    setProgress(0);
    const controller = new AbortController();
    abort.current = controller;
    try {
      const answer = await importQuestions(test, file, setProgress, controller.signal);
      setOutcome({ kind: 'added', added: answer.added, message: t('import.added', { count: answer.added }) });
      setFile(null);
      await invalidate();
      onImported?.(test, answer.added);
    } catch (error) {
      if (controller.signal.aborted) return;
      if (error instanceof ApiError && error.status === 422) {
        setOutcome({ kind: 'refused', report: importReportOf(error.body, error.message) });
      } else {
        setOutcome({ kind: 'error', message: errorMessage(error, t('common:errors.network')) });
      }
    } finally {
      abort.current = null;
      setProgress(null);
    }
  }

  async function template() {
    setTemplateError(null);
    setDownloading(true);
    try {
      await downloadImportTemplate();
    } catch (error) {
      setTemplateError(errorMessage(error, t('common:errors.network')));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Modal
      open={open}
      title={t('import.title')}
      width={720}
      onCancel={close}
      destroyOnHidden
      footer={
        <Flex gap={8} justify="end" wrap>
          <Button onClick={close}>{outcome?.kind === 'added' ? t('common:actions.close') : t('common:actions.cancel')}</Button>
          <Button
            type="primary"
            icon={<UploadOutlined aria-hidden />}
            loading={sending}
            disabled={!test || !file}
            onClick={() => void send()}
          >
            {t('import.submit')}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={16}>
        <Typography.Paragraph style={{ margin: 0 }}>{t('import.intro')}</Typography.Paragraph>
        <Flex gap={8} align="center" wrap>
          <Button icon={<DownloadOutlined aria-hidden />} loading={downloading} onClick={() => void template()}>
            {t('import.template')}
          </Button>
          <Typography.Text type="secondary">{t('import.templateHint')}</Typography.Text>
        </Flex>
        {templateError && <Alert type="error" showIcon title={templateError} />}
        <Form layout="vertical" requiredMark={false} disabled={sending} component="div">
          <Form.Item label={t('fields.test')} htmlFor="import-test" style={{ marginBottom: 16 }}>
            <TestPicker
              id="import-test"
              value={test}
              onChange={(value) => {
                setTest(value);
                setOutcome(null);
              }}
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Form.Item label={t('import.file')} htmlFor="import-file" extra={t('import.fileHint')} style={{ marginBottom: 0 }}>
            <Flex vertical gap={8} align="start">
              <Upload id="import-file" accept={XLSX_ACCEPT} showUploadList={false} beforeUpload={choose} maxCount={1}>
                <Button icon={<FileExcelOutlined aria-hidden />}>{file ? t('import.chooseOther') : t('import.choose')}</Button>
              </Upload>
              {file && (
                <Typography.Text>
                  {t('import.chosen', { name: file.name, size: formatSize(file.size, units(t), currentLanguage()) })}
                </Typography.Text>
              )}
              {fileProblem && (
                <Typography.Text type="danger" role="alert">
                  {fileProblem}
                </Typography.Text>
              )}
            </Flex>
          </Form.Item>
        </Form>
        {progress !== null && <Progress percent={progress} aria-label={t('import.uploading')} status="active" />}
        {outcome?.kind === 'added' && <Alert type="success" showIcon title={outcome.message} role="status" />}
        {outcome?.kind === 'error' && <Alert type="error" showIcon title={outcome.message} role="alert" />}
        {outcome?.kind === 'refused' && <ImportRefusal report={outcome.report} />}
      </Flex>
    </Modal>
  );
}

function units(t: (key: string) => string) {
  return { kb: t('common:units.kb'), mb: t('common:units.mb') };
}

/** A refused sheet: nothing was added; each wrong row and column with the reason. */
function ImportRefusal({ report }: { report: ImportReport }) {
  const { t } = useTranslation('tests');
  return (
    <Flex vertical gap={12}>
      <Alert type="error" showIcon role="alert" title={t('import.nothingAdded')} description={report.message} />
      {report.lines.length > 0 && (
        <Table
          size="small"
          rowKey="key"
          caption={<span className="oqu-visually-hidden">{t('import.reportCaption')}</span>}
          dataSource={report.lines}
          pagination={report.lines.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          columns={[
            { title: t('import.row'), dataIndex: 'row', key: 'row', width: 90 },
            { title: t('import.column'), dataIndex: 'column', key: 'column', width: 180 },
            { title: t('import.message'), dataIndex: 'message', key: 'message' },
          ]}
        />
      )}
    </Flex>
  );
}
