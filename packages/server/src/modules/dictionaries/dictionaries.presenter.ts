import type { DictionaryItem, Language } from '@oqu/contracts';

export function toDictionaryItem(
  row: { id: number; name_ru: string; name_kk: string; name_en: string },
  language: Language,
): DictionaryItem {
  return { ID: row.id, Name: row[`name_${language}`] };
}
