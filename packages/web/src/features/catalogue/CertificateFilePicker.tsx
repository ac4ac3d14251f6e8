import { FileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FilePicker, type FilePickerProps } from '../../components/FilePicker';
import { CERTIFICATE_ACCEPT, checkCertificateFile, FILE_PROBLEM_KEY } from './files';

/** Chooses the one certificate file: PDF, JPEG, PNG or DOCX up to 10,000,000 bytes, checked at once. */
export function CertificateFilePicker(props: FilePickerProps) {
  const { t } = useTranslation('catalogue');
  return (
    <FilePicker
      {...props}
      accept={CERTIFICATE_ACCEPT}
      problemOf={(file) => {
        const refused = checkCertificateFile(file);
        return refused ? t(FILE_PROBLEM_KEY[refused]) : null;
      }}
      chooseLabel={t('certificates.choose')}
      chooseOtherLabel={t('certificates.chooseOther')}
      removeLabel={(name) => t('certificates.removeChosen', { name })}
      icon={<FileOutlined aria-hidden />}
      testId="certificate-chosen-file"
    />
  );
}
