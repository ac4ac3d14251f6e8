import { App, Button, Flex, Input, Modal, Progress } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from '../../components/Form';
import { FormError } from '../../components/FormError';
import { useFormSubmit } from '../../lib/useFormSubmit';
import { useCreateScorm, useScormMaxBytes } from './api';
import { ScormZipPicker, useMaxSizeText } from './ScormZipPicker';

interface Values {
  Name: string;
}

const FILE_INPUT_ID = 'scorm-import-file';

/**
 * The themes page's SCORM import: a package for one topic, made as /admin/create-scorm makes it (the
 * record, then its zip with a progress bar); the server's refusal stays in the dialog.
 */
export function ScormImportModal({ topic, onClose }: { topic: { ID: number; Name: string } | null; onClose: () => void }) {
  const { t } = useTranslation('scorm');
  return (
    <Modal
      open={topic !== null}
      title={topic ? t('import.title', { topic: topic.Name }) : ''}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={560}
    >
      {topic && <ImportForm key={topic.ID} topic={topic} onDone={onClose} />}
    </Modal>
  );
}

function ImportForm({ topic, onDone }: { topic: { ID: number; Name: string }; onDone: () => void }) {
  const { t } = useTranslation('scorm');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const submit = useFormSubmit(form, ['Name']);
  const create = useCreateScorm();
  const maxBytes = useScormMaxBytes();
  const size = useMaxSizeText(maxBytes);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  async function onFinish(values: Values) {
    if (!file) {
      setFileError(t('file.required'));
      return;
    }
    const name = values.Name.trim();
    const done = await submit.run(async () => {
      setProgress(0);
      try {
        return await create.mutateAsync({ body: { Name: name, TopicID: topic.ID }, file, onProgress: setProgress });
      } finally {
        setProgress(null);
      }
    });
    if (done) {
      message.success(t('import.done', { name, topic: topic.Name }));
      onDone();
    }
  }

  return (
    <Form<Values> form={form} layout="vertical" initialValues={{ Name: topic.Name }} onFinish={onFinish} disabled={submit.pending}>
      <Form.Item name="Name" label={t('form.name')} rules={[{ required: true, whitespace: true, message: t('form.nameRequired') }]}>
        <Input maxLength={200} autoComplete="off" />
      </Form.Item>
      <Form.Item
        label={t('file.label', { size })}
        htmlFor={FILE_INPUT_ID}
        required
        validateStatus={fileError ? 'error' : undefined}
        help={fileError ?? undefined}
      >
        <ScormZipPicker
          id={FILE_INPUT_ID}
          value={file}
          onChange={(next) => {
            setFile(next);
            setFileError(null);
          }}
          maxBytes={maxBytes}
          disabled={submit.pending}
        />
      </Form.Item>
      {progress !== null && (
        <Form.Item label={t('file.uploading')}>
          <Progress aria-label={t('file.uploading')} percent={progress} status="active" />
        </Form.Item>
      )}
      <ImportFooter pending={submit.pending} onCancel={onDone} />
      <FormError error={submit.error} />
    </Form>
  );
}

function ImportFooter({ pending, onCancel }: { pending: boolean; onCancel: () => void }) {
  const { t } = useTranslation('scorm');
  return (
    <Flex gap={8} justify="flex-end" wrap>
      <Button onClick={onCancel} disabled={pending}>
        {t('common:actions.cancel')}
      </Button>
      <Button type="primary" htmlType="submit" loading={pending}>
        {t('import.submit')}
      </Button>
    </Flex>
  );
}
