import { FileZipOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChosenFile } from '../../components/ChosenFile';
import { currentLanguage } from '../../i18n';
import { formatSize } from '../../lib/sizes';
import { zipProblem } from './format';

interface ScormZipPickerProps {
  /** id of the file input, for the label's htmlFor */
  id: string;
  value: File | null;
  onChange: (file: File | null) => void;
  maxBytes: number;
  disabled?: boolean;
  describedBy?: string;
}

/** Chooses a package's zip; a file that is not a zip, is empty or is over the server's limit is refused at once and never sent. */
export function ScormZipPicker({ id, value, onChange, maxBytes, disabled, describedBy }: ScormZipPickerProps) {
  const { t } = useTranslation('scorm');
  const [problem, setProblem] = useState<string | null>(null);
  const size = useMaxSizeText(maxBytes);

  function accept(file: File, batch: File[]) {
    if (file !== batch[0]) return Upload.LIST_IGNORE;
    const refused = zipProblem(file, maxBytes);
    if (refused) {
      setProblem(`${file.name}: ${t(`file.${refused}`, { size })}`);
    } else {
      setProblem(null);
      onChange(file);
    }
    return Upload.LIST_IGNORE;
  }

  return (
    <Flex vertical gap={8} align="flex-start">
      <Upload id={id} accept=".zip,application/zip" maxCount={1} showUploadList={false} beforeUpload={accept} disabled={disabled}>
        <Button icon={<UploadOutlined aria-hidden />} disabled={disabled} aria-describedby={describedBy}>
          {value ? t('file.chooseOther') : t('file.choose')}
        </Button>
      </Upload>
      {value && (
        <ChosenFile
          file={value}
          icon={<FileZipOutlined aria-hidden />}
          removeLabel={t('file.remove', { name: value.name })}
          onRemove={() => onChange(null)}
          disabled={disabled}
          testId="scorm-chosen-file"
          maxWidth={280}
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

/** "до 10 МБ": the server's limit in the interface language. */
export function useMaxSizeText(maxBytes: number): string {
  const { t } = useTranslation('scorm');
  return formatSize(maxBytes, { kb: t('common:units.kb'), mb: t('common:units.mb') }, currentLanguage());
}
