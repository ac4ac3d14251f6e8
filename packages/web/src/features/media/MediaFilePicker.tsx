import { FileOutlined } from '@ant-design/icons';
import { MEDIA_ACCEPT } from '@oqu/contracts';
import { useTranslation } from 'react-i18next';
import { FilePicker, type FilePickerProps } from '../../components/FilePicker';
import { extension } from '../../lib/files';
import { useSizeText } from './useSizeText';

const ACCEPTED_ENDINGS = new Set(MEDIA_ACCEPT.split(',').map((ending) => ending.slice(1)));

/**
 * Chooses the one media file. An ending the library does not take, or a size past the limit
 * (`maxBytes`, the setting's MEDIA_MAX_BYTES once known), is said at once; the server checks the
 * content again as it streams.
 */
export function MediaFilePicker({ maxBytes, ...props }: FilePickerProps & { maxBytes?: number }) {
  const { t } = useTranslation('media');
  const sizeText = useSizeText();
  function problemOf(file: File) {
    if (!ACCEPTED_ENDINGS.has(extension(file.name))) return t('form.fileType');
    if (maxBytes !== undefined && file.size > maxBytes) return t('form.fileTooLarge', { max: sizeText(maxBytes) });
    return null;
  }
  return (
    <FilePicker
      {...props}
      accept={MEDIA_ACCEPT}
      problemOf={problemOf}
      chooseLabel={t('form.choose')}
      chooseOtherLabel={t('form.chooseOther')}
      removeLabel={(name) => t('form.removeChosen', { name })}
      icon={<FileOutlined aria-hidden />}
      testId="media-chosen-file"
    />
  );
}
