import { FileOutlined } from '@ant-design/icons';
import { type AdminMediaFile, mediaKindOf } from '@oqu/contracts';
import { Checkbox, Flex, Input, Progress, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from '../../../components/Form';
import { FormFooter } from '../../../components/FormFooter';
import { FormFrame } from '../../../components/FormFrame';
import { RecordRoute } from '../../../components/RecordRoute';
import { useMediaFile, useMediaMaxBytes, useUpdateMedia, useUploadMedia } from '../../../features/media/api';
import { MediaFilePicker } from '../../../features/media/MediaFilePicker';
import { useSizeText } from '../../../features/media/useSizeText';
import { savedRecordId, useSaved } from '../../../lib/saved';
import { useFormSubmit } from '../../../lib/useFormSubmit';

const LIST_PATH = '/admin/media';
const FILE_INPUT_ID = 'media-file';

interface Values {
  Name: string;
  VR: boolean;
}

/** /admin/create-media-file and /admin/edit-media-file/{id}: one form, create without `:id`, edit with it. */
export default function MediaFormPage() {
  const { t } = useTranslation('media');
  return (
    <RecordRoute useRecord={useMediaFile} frame={{ title: t('form.editTitle'), backTo: LIST_PATH, maxWidth: 640 }}>
      {(file) => <MediaForm file={file} />}
    </RecordRoute>
  );
}

/**
 * Create: the name and the VR mark go first, then the file streams to the server (POST
 * /api/media/new) with a progress bar; the server's refusal (type, size, a VR mark on a non-video)
 * shows under the form. Edit: the name and the VR mark; the file stays.
 */
function MediaForm({ file: record }: { file?: AdminMediaFile }) {
  const { t } = useTranslation('media');
  const saved = useSaved();
  const [form] = Form.useForm<Values>();
  const submit = useFormSubmit(form, ['Name', 'VR']);
  const uploadMedia = useUploadMedia();
  const update = useUpdateMedia();
  const maxBytes = useMediaMaxBytes().data;
  const sizeText = useSizeText();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const editing = record !== undefined;
  // a VR 360° mark belongs to a video: the chosen file's type, or the stored one's
  const isVideo = editing ? mediaKindOf(record.Type) === 'video' : file === null || file.type === '' || file.type.startsWith('video/');

  async function onFinish(values: Values) {
    submit.setError(null);
    const body = { Name: values.Name.trim(), VR: isVideo && values.VR };
    if (editing) {
      await submit.run(async () => {
        const answer = await update.mutateAsync({ id: record.ID, body });
        saved(answer.message || t('form.saved', { name: body.Name }), LIST_PATH, record.ID);
      });
      return;
    }
    if (!file) {
      setFileError(t('form.fileRequired'));
      return;
    }
    await submit.run(async () => {
      setProgress(0);
      try {
        const answer = await uploadMedia.mutateAsync({ form: body, file, onProgress: setProgress });
        saved(answer.message || t('form.created', { name: body.Name }), LIST_PATH, savedRecordId(answer, undefined));
      } finally {
        setProgress(null);
      }
    });
  }

  return (
    <FormFrame title={editing ? `${t('form.editTitle')}: ${record.Name}` : t('form.createTitle')} backTo={LIST_PATH} maxWidth={640}>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ Name: record?.Name ?? '', VR: record?.VR ?? false }}
        onFinish={onFinish}
        disabled={submit.pending}
      >
        <Form.Item name="Name" label={t('form.nameLabel')} rules={[{ required: true, whitespace: true, message: t('form.nameRequired') }]}>
          <Input maxLength={200} placeholder={t('form.namePlaceholder')} />
        </Form.Item>
        <Form.Item
          label={t('form.file')}
          htmlFor={FILE_INPUT_ID}
          validateStatus={fileError ? 'error' : undefined}
          help={fileError ?? undefined}
          extra={
            <span id={`${FILE_INPUT_ID}-hint`}>
              {editing ? t('form.fileHintEdit') : t('form.fileHint', { max: maxBytes ? sizeText(maxBytes) : '…' })}
            </span>
          }
        >
          {editing ? (
            <Typography.Text>
              {t('form.currentFile')}{' '}
              <Typography.Link href={record.Path} target="_blank" rel="noopener noreferrer" underline>
                <FileOutlined aria-hidden /> {record.FileName} ({sizeText(record.Size)})
              </Typography.Link>
            </Typography.Text>
          ) : (
            <MediaFilePicker
              id={FILE_INPUT_ID}
              value={file}
              onChange={(next) => {
                setFile(next);
                setFileError(null);
              }}
              maxBytes={maxBytes}
              disabled={submit.pending}
              describedBy={`${FILE_INPUT_ID}-hint`}
            />
          )}
        </Form.Item>
        <Form.Item name="VR" valuePropName="checked" extra={isVideo ? t('form.vrHint') : t('form.vrVideoOnly')}>
          <Checkbox disabled={!isVideo || submit.pending}>{t('form.vr')}</Checkbox>
        </Form.Item>
        {progress !== null && (
          <Form.Item label={t('form.uploading')}>
            <Flex vertical>
              <Progress aria-label={t('form.uploading')} percent={progress} status="active" data-testid="media-upload-progress" />
            </Flex>
          </Form.Item>
        )}
        <FormFooter editing={editing} pending={submit.pending} cancelTo={LIST_PATH} error={submit.error} />
      </Form>
    </FormFrame>
  );
}
