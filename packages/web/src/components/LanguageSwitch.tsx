import type { Language } from '@oqu/contracts';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n';

const OPTIONS: { value: Language; short: string; full: string }[] = [
  { value: 'ru', short: 'Рус', full: 'Русский' },
  { value: 'kk', short: 'Қаз', full: 'Қазақша' },
  { value: 'en', short: 'Eng', full: 'English' },
];

/** Interface language: switches texts, antd's locale and dayjs's locale; kept in localStorage `language`. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Segmented<Language>
      data-testid="lang-switch"
      aria-label={t('language.label')}
      name="language"
      // the radios themselves take focus (arrow keys switch); the group box need not
      tabIndex={-1}
      size="small"
      value={currentLanguage()}
      onChange={(value) => void i18n.changeLanguage(value)}
      options={OPTIONS.map((option) => ({
        value: option.value,
        title: option.full,
        label: <span lang={option.value}>{option.short}</span>,
      }))}
    />
  );
}
