import { LANGUAGES } from '@oqu/contracts';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from './index';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** Keys without their plural suffix: each language has its own set of plural forms. */
function baseKeys(keys: Iterable<string>): Set<string> {
  return new Set([...keys].map((key) => key.replace(/_(zero|one|two|few|many|other)$/, '')));
}

const catalogues = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });
const resources = Object.fromEntries(
  LANGUAGES.map((lang) => [lang, Object.fromEntries(NAMESPACES.map((ns) => [ns, catalogues[`./${lang}/${ns}.json`]]))]),
) as Record<(typeof LANGUAGES)[number], Tree>;

/** Every namespace at once, keys prefixed with the namespace. */
const all = (lang: keyof typeof resources) => flatten(resources[lang]);
const languages = { ru: all('ru'), kk: all('kk'), en: all('en') };

describe('translations', () => {
  it('cover every namespace, and no file is left out of the list', () => {
    for (const lang of LANGUAGES) for (const ns of NAMESPACES) expect(catalogues[`./${lang}/${ns}.json`], `${lang}/${ns}`).toBeDefined();
    expect(Object.keys(catalogues)).toHaveLength(LANGUAGES.length * NAMESPACES.length);
  });

  it('have the same keys in ru, kk and en', () => {
    const reference = [...baseKeys(languages.ru.keys())].sort();
    expect([...baseKeys(languages.kk.keys())].sort()).toEqual(reference);
    expect([...baseKeys(languages.en.keys())].sort()).toEqual(reference);
  });

  it('have no empty texts', () => {
    for (const [lang, texts] of Object.entries(languages)) {
      for (const [key, text] of texts) expect(text.trim(), `${lang}:${key}`).not.toBe('');
    }
  });

  it('give every Russian plural the forms Intl needs (one, few, many, other)', () => {
    const plurals = [...languages.ru.keys()].filter((key) => key.endsWith('_one')).map((key) => key.slice(0, -4));
    expect(plurals.length).toBeGreaterThan(0);
    for (const key of plurals) {
      for (const form of ['one', 'few', 'many', 'other']) expect(languages.ru.has(`${key}_${form}`), `${key}_${form}`).toBe(true);
      for (const lang of ['kk', 'en'] as const) {
        for (const form of ['one', 'other']) expect(languages[lang].has(`${key}_${form}`), `${lang}:${key}_${form}`).toBe(true);
      }
    }
  });

  it('is not a copy of Russian in Kazakh', () => {
    let same = 0;
    for (const [key, text] of languages.kk) if (languages.ru.get(key) === text && /[а-яё]/i.test(text)) same += 1;
    // a few words are spelled alike (Статистика, Табель, Аудитория, Курс, Вебинар, КБ…)
    expect(same).toBeLessThan(20);
  });
});
