import type { DictionaryItem, Language } from '@oqu/contracts';

export function toDictionaryItem(
  row: { id: number; name_ru: string; name_kk: string; name_en: string },
  language: Language,
): DictionaryItem {
  return { ID: row.id, Name: row[`name_${language}`] };
}

type TypeNames = { type_ru: string | null; type_kk: string | null; type_en: string | null };
const TYPE_NAME = { ru: 'type_ru', kk: 'type_kk', en: 'type_en' } as const;

/** A topic type's name (selected as `type_ru`, `type_kk`, `type_en`) in the caller's language, Russian when that one is empty. */
export const typeName = (row: TypeNames, language: Language) => row[TYPE_NAME[language]] || row.type_ru || '';
