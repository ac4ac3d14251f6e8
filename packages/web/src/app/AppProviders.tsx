import type { Language } from '@oqu/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import kkKZ from 'antd/es/locale/kk_KZ';
import ruRU from 'antd/es/locale/ru_RU';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../i18n';
import { useAccessibleAntd, withVisibleNames } from './antdAccessibility';
import { queryClient } from './queryClient';
import { theme } from './theme';

const ANTD_LOCALES: Record<Language, Locale> = { ru: withVisibleNames(ruRU), kk: withVisibleNames(kkKZ), en: withVisibleNames(enUS) };

export function AppProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'ru';
  useAccessibleAntd();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={ANTD_LOCALES[language]} theme={theme}>
        <AntApp component={false}>{children}</AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
