import { FileZipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FilePicker, type FilePickerProps } from '../../components/FilePicker';
import { currentLanguage } from '../../i18n';
import { formatSize } from '../../lib/sizes';
import { zipProblem } from './format';

/** Chooses a package's zip; a file that is not a zip, is empty or is over the server's limit is refused at once and never sent. */
export function ScormZipPicker({ maxBytes, ...props }: FilePickerProps & { maxBytes: number }) {
  const { t } = useTranslation('scorm');
  const size = useMaxSizeText(maxBytes);
  return (
    <FilePicker
      {...props}
      accept=".zip,application/zip"
      problemOf={(file) => {
        const refused = zipProblem(file, maxBytes);
        return refused ? t(`file.${refused}`, { size }) : null;
      }}
      chooseLabel={t('file.choose')}
      chooseOtherLabel={t('file.chooseOther')}
      removeLabel={(name) => t('file.remove', { name })}
      icon={<FileZipOutlined aria-hidden />}
      testId="scorm-chosen-file"
      maxWidth={280}
    />
  );
}

/** "до 10 МБ": the server's limit in the interface language. */
export function useMaxSizeText(maxBytes: number): string {
  const { t } = useTranslation('scorm');
  return formatSize(maxBytes, { kb: t('common:units.kb'), mb: t('common:units.mb') }, currentLanguage());
}
