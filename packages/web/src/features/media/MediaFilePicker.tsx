import { FileOutlined, UploadOutlined } from '@ant-design/icons';
import { MEDIA_ACCEPT } from '@oqu/contracts';
import { Button, Flex, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChosenFile } from '../../components/ChosenFile';
import { extension } from '../../lib/files';
import { useSizeText } from './useSizeText';

const ACCEPTED_ENDINGS = new Set(MEDIA_ACCEPT.split(',').map((ending) => ending.slice(1)));

interface MediaFilePickerProps {
  id: string;
  value: File | null;
  onChange: (file: File | null) => void;
  /** the setting's limit (MEDIA_MAX_BYTES), once known */
  maxBytes?: number;
  disabled?: boolean;
  describedBy?: string;
}

/**
 * Chooses the one media file. An ending the library does not take, or a size past the limit, is
 * said at once and the file not kept; the server checks the content again as it streams.
 */
export function MediaFilePicker({ id, value, onChange, maxBytes, disabled, describedBy }: MediaFilePickerProps) {
  const { t } = useTranslation('media');
  const sizeText = useSizeText();
  const [problem, setProblem] = useState<string | null>(null);

  function accept(file: File, batch: File[]) {
    if (file !== batch[0]) return Upload.LIST_IGNORE;
    if (!ACCEPTED_ENDINGS.has(extension(file.name))) setProblem(`${file.name}: ${t('form.fileType')}`);
    else if (maxBytes !== undefined && file.size > maxBytes)
      setProblem(`${file.name}: ${t('form.fileTooLarge', { max: sizeText(maxBytes) })}`);
    else {
      setProblem(null);
      onChange(file);
    }
    return Upload.LIST_IGNORE;
  }

  return (
    <Flex vertical gap={8} align="flex-start">
      <Upload id={id} accept={MEDIA_ACCEPT} maxCount={1} showUploadList={false} beforeUpload={accept} disabled={disabled}>
        <Button icon={<UploadOutlined aria-hidden />} disabled={disabled} aria-describedby={describedBy}>
          {value ? t('form.chooseOther') : t('form.choose')}
        </Button>
      </Upload>
      {value && (
        <ChosenFile
          file={value}
          icon={<FileOutlined aria-hidden />}
          removeLabel={t('form.removeChosen', { name: value.name })}
          onRemove={() => onChange(null)}
          disabled={disabled}
          testId="media-chosen-file"
        />
      )}
      {problem && (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      )}
    </Flex>
  );
}
