import type { ScormPackage } from '@oqu/contracts';
import { Flex, Input, Progress, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from '../../../components/Form';
import { FormFooter } from '../../../components/FormFooter';
import { FormFrame } from '../../../components/FormFrame';
import { RecordRoute } from '../../../components/RecordRoute';
import { usePlansAndTopics } from '../../../features/catalogue/pickers';
import { useCreateScorm, useScorm, useScormMaxBytes, useUpdateScorm } from '../../../features/scorm/api';
import { ScormZipPicker, useMaxSizeText } from '../../../features/scorm/ScormZipPicker';
import { topicGroups } from '../../../features/scorm/topics';
import { useSaved } from '../../../lib/saved';
import { useFormSubmit } from '../../../lib/useFormSubmit';

const LIST_PATH = '/admin/scorms';
const FILE_INPUT_ID = 'scorm-file';
const MAX_WIDTH = 640;

interface Values {
  Name: string;
  TopicID?: number;
}

/** /admin/create-scorm and /admin/edit-scorm/{id} (admin-back-office.md §2 Catalogue). */
export default function ScormFormPage() {
  const { t } = useTranslation('scorm');
  return (
    <RecordRoute useRecord={useScorm} frame={{ title: t('form.editTitle'), backTo: LIST_PATH, maxWidth: MAX_WIDTH }}>
      {(scorm) => <ScormForm scorm={scorm} />}
    </RecordRoute>
  );
}

/**
 * Create: the record (POST /api/scorm/new), then its zip (POST /uploadF with ScormID) with a progress
 * bar; the server's refusal of the zip (no manifest, an unsafe path…) shows under the form. Edit:
 * name and topic, and a new zip only when one is chosen.
 */
function ScormForm({ scorm }: { scorm?: ScormPackage }) {
  const { t } = useTranslation('scorm');
  const saved = useSaved();
  const [form] = Form.useForm<Values>();
  const submit = useFormSubmit(form, ['Name', 'TopicID']);
  const create = useCreateScorm();
  const update = useUpdateScorm();
  const catalogue = usePlansAndTopics();
  const maxBytes = useScormMaxBytes();
  const size = useMaxSizeText(maxBytes);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const editing = scorm !== undefined;

  async function onFinish(values: Values) {
    submit.setError(null);
    if (!file && !editing) {
      setFileError(t('file.required'));
      return;
    }
    const body = { Name: values.Name.trim(), TopicID: values.TopicID as number };
    await submit.run(async () => {
      try {
        if (file) setProgress(0);
        if (scorm) {
          await update.mutateAsync({ id: scorm.ID, body, file, onProgress: setProgress });
          saved(t('form.saved', { name: body.Name }), LIST_PATH, scorm.ID);
        } else if (file) {
          const created = await create.mutateAsync({ body, file, onProgress: setProgress });
          saved(t('form.created', { name: body.Name }), LIST_PATH, created.ID);
        }
      } finally {
        setProgress(null);
      }
    });
  }

  return (
    <FormFrame title={scorm ? `${t('form.editTitle')}: ${scorm.Name}` : t('form.createTitle')} backTo={LIST_PATH} maxWidth={MAX_WIDTH}>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark="optional"
        initialValues={{ Name: scorm?.Name ?? '', TopicID: scorm?.TopicID }}
        onFinish={onFinish}
        onFinishFailed={() => submit.setError(null)}
        disabled={submit.pending}
      >
        <Form.Item name="Name" label={t('form.name')} rules={[{ required: true, whitespace: true, message: t('form.nameRequired') }]}>
          <Input maxLength={200} autoComplete="off" />
        </Form.Item>
        <Form.Item name="TopicID" label={t('form.topic')} rules={[{ required: true, message: t('form.topicRequired') }]}>
          <Select<number>
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('form.chooseTopic')}
            loading={catalogue.isPending}
            options={topicGroups(catalogue.data)}
            notFoundContent={catalogue.isError ? t('common:errors.load') : undefined}
          />
        </Form.Item>
        <Form.Item
          label={t('file.label', { size })}
          htmlFor={FILE_INPUT_ID}
          required={!editing}
          validateStatus={fileError ? 'error' : undefined}
          help={fileError ?? undefined}
          extra={<span id={`${FILE_INPUT_ID}-hint`}>{t(editing ? 'file.hintEdit' : 'file.hint')}</span>}
        >
          <Flex vertical gap={8}>
            {scorm?.Document && (
              <Typography.Text>
                {t('file.current')} <strong>{scorm.Document.Name}</strong>
                {scorm.Version && <Typography.Text type="secondary"> · SCORM {scorm.Version}</Typography.Text>}
              </Typography.Text>
            )}
            <ScormZipPicker
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
          </Flex>
        </Form.Item>
        {progress !== null && (
          <Form.Item label={t('file.uploading')}>
            <Progress aria-label={t('file.uploading')} percent={progress} status="active" data-testid="scorm-upload-progress" />
          </Form.Item>
        )}
        <FormFooter editing={editing} pending={submit.pending} cancelTo={LIST_PATH} error={submit.error} />
      </Form>
    </FormFrame>
  );
}
