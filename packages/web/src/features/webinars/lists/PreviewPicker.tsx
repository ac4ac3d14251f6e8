import { UploadOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { Button, Flex, Progress, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChosenFile } from '../../../components/ChosenFile';
import { checkPreviewFile, PREVIEW_ACCEPT } from './form';

interface PreviewPickerProps {
  /** id of the file input, for the label's htmlFor */
  id: string;
  value: File | null;
  onChange: (file: File | null) => void;
  /** the webinar's stored preview (edit) */
  current?: { Name: string; Path: string } | null;
  /** upload progress 0–100 while it is sent */
  progress: number | null;
  disabled?: boolean;
  describedBy?: string;
}

/**
 * The optional preview video (admin-back-office.md §2, §9): MP4, WebM or MOV up to 10 MB, checked at
 * once; a refused file is not kept. It is sent after the webinar is saved, with a progress bar.
 */
export function PreviewPicker({ id, value, onChange, current, progress, disabled, describedBy }: PreviewPickerProps) {
  const { t } = useTranslation('webinars');
  const [problem, setProblem] = useState<string | null>(null);

  function accept(file: File, batch: File[]) {
    if (file !== batch[0]) return Upload.LIST_IGNORE;
    const refused = checkPreviewFile(file);
    if (refused) {
      setProblem(`${file.name}: ${t(`form.previewProblem.${refused}`)}`);
    } else {
      setProblem(null);
      onChange(file);
    }
    return Upload.LIST_IGNORE;
  }

  return (
    <Flex vertical gap={8} align="flex-start">
      {current && !value && (
        <Flex gap={8} align="center" data-testid="webinar-form-current-preview">
          <VideoCameraOutlined aria-hidden />
          <Typography.Link href={current.Path} target="_blank" rel="noopener noreferrer">
            {current.Name || t('form.currentPreview')}
          </Typography.Link>
        </Flex>
      )}
      <Upload
        id={id}
        accept={PREVIEW_ACCEPT}
        maxCount={1}
        showUploadList={false}
        beforeUpload={accept}
        disabled={disabled}
        data-testid="webinar-form-preview"
      >
        <Button icon={<UploadOutlined aria-hidden />} disabled={disabled} aria-describedby={describedBy}>
          {value || current ? t('form.previewReplace') : t('form.previewChoose')}
        </Button>
      </Upload>
      {value && (
        <ChosenFile
          file={value}
          icon={<VideoCameraOutlined aria-hidden />}
          removeLabel={t('form.previewRemove', { name: value.name })}
          onRemove={() => onChange(null)}
          disabled={disabled}
          testId="webinar-form-chosen-preview"
        />
      )}
      {progress !== null && <Progress percent={progress} size="small" style={{ width: 280 }} aria-label={t('form.previewProgress')} />}
      {problem && (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      )}
    </Flex>
  );
}
