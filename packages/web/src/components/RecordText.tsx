import { useTranslation } from 'react-i18next';
import { isLanguage } from '../i18n';
import { recordLanguage } from '../lib/recordLanguage';

/**
 * Text from the organisation's records, marked with its language where it is not the interface's
 * (WCAG 3.1.2): a screen reader then reads a Russian course name in a Kazakh or English interface
 * with Russian pronunciation.
 */
export function RecordText({ children }: { children: string }) {
  const { i18n } = useTranslation();
  const page = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'ru';
  const lang = recordLanguage(children, page);
  return lang ? <span lang={lang}>{children}</span> : children;
}
