import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { formatHours, formatPercent, topicTypeKey } from './plan';

/** Formatters of the plan screens bound to the interface language. */
export function usePlanFormat() {
  const { t } = useTranslation('learner');
  const locale = currentLanguage();
  return {
    percent: (value: number) => formatPercent(value, locale),
    hours: (value: number) => t('hours.value', { value: formatHours(value, locale) }),
    /** "4 of 10 h" */
    hoursOf: (done: number, total: number) => t('hours.of', { done: formatHours(done, locale), total: formatHours(total, locale) }),
    minutes: (count: number) => t('common:units.minute', { count }),
    /** "> 70 %": the test is passed with more than PassMarks per cent (§5) */
    passCondition: (passMarks: number) => t('test.passCondition', { value: formatPercent(passMarks, locale) }),
    /** The server's name of a topic type, else the product's own name for 9 and 10. */
    typeName: (typeId: number, given?: string) => {
      if (given?.trim()) return given.trim();
      const key = topicTypeKey(typeId);
      return key ? t(`types.${key}`) : t('types.other', { id: typeId });
    },
  };
}

export type PlanFormat = ReturnType<typeof usePlanFormat>;
