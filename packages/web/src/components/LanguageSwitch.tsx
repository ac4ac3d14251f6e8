import type { Language } from '@oqu/contracts';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n';

const OPTIONS: { value: Language; short: string; full: string }[] = [
  { value: 'ru', short: 'Рус', full: 'Русский' },
  { value: 'kk', short: 'Қаз', full: 'Қазақша' },
  { value: 'en', short: 'Eng', full: 'English' },
];

/**
 * Interface language: switches texts, antd's locale and dayjs's locale; kept in localStorage
 * `language`. Plain radios (arrow keys switch), as the sign-in page shows it before antd is loaded.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = currentLanguage();
  return (
    <div className="oqu-segmented" role="radiogroup" aria-label={t('language.label')} data-testid="lang-switch">
      {OPTIONS.map((option) => (
        <label
          key={option.value}
          title={option.full}
          className={option.value === current ? 'oqu-segmented-option oqu-segmented-on' : 'oqu-segmented-option'}
        >
          <input
            type="radio"
            name="language"
            value={option.value}
            checked={option.value === current}
            onChange={() => void i18n.changeLanguage(option.value)}
          />
          <span lang={option.value}>{option.short}</span>
        </label>
      ))}
    </div>
  );
}
