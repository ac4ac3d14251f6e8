import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { formatSize } from '../../lib/sizes';

/** A size in kb below 1000 kb and in mb above (learner-and-instructor.md §9), in the reader's language. */
export function useSizeText() {
  const { t } = useTranslation('media');
  return (bytes: number) => formatSize(bytes, { kb: t('units.kb'), mb: t('units.mb') }, currentLanguage());
}
