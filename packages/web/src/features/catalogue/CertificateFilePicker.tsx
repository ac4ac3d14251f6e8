import { FileOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChosenFile } from '../../components/ChosenFile';
import { CERTIFICATE_ACCEPT, checkCertificateFile, FILE_PROBLEM_KEY } from './files';

interface CertificateFilePickerProps {
  /** id of the file input, for the label's htmlFor */
  id: string;
  value: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
  /** extra id for aria-describedby (the hint) */
  describedBy?: string;
}

/**
 * Chooses the one certificate file (only the first of several is used). The file is checked at
 * once, PDF, JPEG, PNG or DOCX up to 10,000,000 bytes; a refused file is not kept, so it is never sent.
 */
export function CertificateFilePicker({ id, value, onChange, disabled, describedBy }: CertificateFilePickerProps) {
  const { t } = useTranslation('catalogue');
  const [problem, setProblem] = useState<string | null>(null);

  function accept(file: File, batch: File[]) {
    if (file !== batch[0]) return Upload.LIST_IGNORE;
    const refused = checkCertificateFile(file);
    if (refused) {
      setProblem(`${file.name}: ${t(FILE_PROBLEM_KEY[refused])}`);
    } else {
      setProblem(null);
      onChange(file);
    }
    return Upload.LIST_IGNORE;
  }

  return (
    <Flex vertical gap={8} align="flex-start">
      <Upload id={id} accept={CERTIFICATE_ACCEPT} maxCount={1} showUploadList={false} beforeUpload={accept} disabled={disabled}>
        <Button icon={<UploadOutlined aria-hidden />} disabled={disabled} aria-describedby={describedBy}>
          {value ? t('certificates.chooseOther') : t('certificates.choose')}
        </Button>
      </Upload>
      {value && (
        <ChosenFile
          file={value}
          icon={<FileOutlined aria-hidden />}
          removeLabel={t('certificates.removeChosen', { name: value.name })}
          onRemove={() => onChange(null)}
          disabled={disabled}
          testId="certificate-chosen-file"
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
