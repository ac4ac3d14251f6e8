import { FileOutlined } from '@ant-design/icons';
import { type Certificate, DEFAULT_CERTIFICATE_LAYOUT } from '@oqu/contracts';
import { Flex, Input, Progress, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from '../../../components/Form';
import { FormFooter } from '../../../components/FormFooter';
import { FormFrame } from '../../../components/FormFrame';
import { RecordRoute } from '../../../components/RecordRoute';
import { type CertificateBody, type UploadedFile, uploadFile, useCertificate, useSaveCertificate } from '../../../features/catalogue/api';
import { CertificateFilePicker } from '../../../features/catalogue/CertificateFilePicker';
import { CertificateLayoutFields, type LayoutValues } from '../../../features/issued-certificates/CertificateLayoutFields';
import { inputsToLayout, layoutToInputs } from '../../../features/issued-certificates/layout';
import { savedRecordId, useSaved } from '../../../lib/saved';
import { useFormSubmit } from '../../../lib/useFormSubmit';

const LIST_PATH = '/admin/certificates';
const FILE_INPUT_ID = 'certificate-file';

interface Values extends LayoutValues {
  Name: string;
}

/** /admin/create-certificate and /admin/edit-certificate/{id}: one form, create without `:id`, edit with it. */
export default function CertificateFormPage() {
  const { t } = useTranslation('catalogue');
  return (
    <RecordRoute useRecord={useCertificate} frame={{ title: t('certificates.editTitle'), backTo: LIST_PATH, maxWidth: 640 }}>
      {(certificate) => <CertificateForm certificate={certificate} />}
    </RecordRoute>
  );
}

/**
 * The file goes first (POST /uploadF, with a progress bar), then the certificate is saved with the
 * stored file's name and path and the layout of its fields. A file already uploaded (for a preview,
 * or a save that failed) is not sent again. On edit the file is optional: without a new one the old
 * file stays.
 */
function CertificateForm({ certificate }: { certificate?: Certificate }) {
  const { t } = useTranslation('catalogue');
  const saved = useSaved();
  const [form] = Form.useForm<Values>();
  const save = useSaveCertificate();
  const submit = useFormSubmit(form, ['Name']);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const uploaded = useRef<{ file: File; answer: UploadedFile } | null>(null);
  const editing = certificate !== undefined;

  function chooseFile(next: File | null) {
    setFile(next);
    setFileError(null);
  }

  /** The template as stored: the chosen file, uploaded once; else the certificate's own file. */
  async function storedFile(): Promise<Pick<CertificateBody, 'FileName' | 'Path'> | null> {
    if (!file) return certificate ? { FileName: certificate.FileName, Path: certificate.Path } : null;
    if (uploaded.current?.file !== file) {
      setProgress(0);
      try {
        uploaded.current = { file, answer: await uploadFile(file, setProgress) };
      } finally {
        setProgress(null);
      }
    }
    const { answer } = uploaded.current;
    return { FileName: answer.Name || file.name, Path: answer.Path };
  }

  async function onFinish(values: Values) {
    submit.setError(null);
    if (!file && !editing) {
      setFileError(t('certificates.fileRequired'));
      return;
    }
    await submit.run(async () => {
      const stored = await storedFile();
      if (!stored) return;
      const body: CertificateBody = { Name: values.Name.trim(), ...stored, Layout: inputsToLayout(values.Layout) };
      const answer = await save.mutateAsync({ id: certificate?.ID, body });
      saved(
        answer.message || t(editing ? 'certificates.saved' : 'certificates.created', { name: body.Name }),
        LIST_PATH,
        savedRecordId(answer, certificate?.ID),
      );
    });
  }

  return (
    <FormFrame
      title={editing ? `${t('certificates.editTitle')}: ${certificate.Name}` : t('certificates.createTitle')}
      backTo={LIST_PATH}
      maxWidth={640}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ Name: certificate?.Name ?? '', Layout: layoutToInputs(certificate?.Layout ?? DEFAULT_CERTIFICATE_LAYOUT) }}
        onFinish={onFinish}
        disabled={submit.pending}
      >
        <Form.Item
          name="Name"
          label={t('certificates.nameLabel')}
          rules={[{ required: true, whitespace: true, message: t('validation.nameRequired') }]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={300} placeholder={t('certificates.namePlaceholder')} />
        </Form.Item>
        <Form.Item
          label={t('certificates.file')}
          htmlFor={FILE_INPUT_ID}
          validateStatus={fileError ? 'error' : undefined}
          help={fileError ?? undefined}
          extra={<span id={`${FILE_INPUT_ID}-hint`}>{t(editing ? 'certificates.fileHintEdit' : 'certificates.fileHint')}</span>}
        >
          <Flex vertical gap={8}>
            {certificate?.Path && (
              <Typography.Text>
                {t('certificates.currentFile')}{' '}
                <Typography.Link href={certificate.Path} target="_blank" rel="noopener noreferrer" underline>
                  <FileOutlined aria-hidden /> {certificate.FileName || t('certificates.fileNoName')}
                </Typography.Link>
              </Typography.Text>
            )}
            <CertificateFilePicker
              id={FILE_INPUT_ID}
              value={file}
              onChange={chooseFile}
              disabled={submit.pending}
              describedBy={`${FILE_INPUT_ID}-hint`}
            />
          </Flex>
        </Form.Item>
        {progress !== null && (
          <Form.Item label={t('certificates.uploading')}>
            <Progress aria-label={t('certificates.uploading')} percent={progress} status="active" />
          </Form.Item>
        )}
        <Form.Item>
          <CertificateLayoutFields templatePath={async () => (await storedFile())?.Path ?? null} />
        </Form.Item>
        <FormFooter editing={editing} pending={submit.pending} cancelTo={LIST_PATH} error={submit.error} />
      </Form>
    </FormFrame>
  );
}
