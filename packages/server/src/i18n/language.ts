import { LANGUAGES, type Language } from '@oqu/contracts';

/** The caller's language from Accept-Language: the first of ours it names, else Russian. */
export function languageOf(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return 'ru';
  const ranked = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().toLowerCase().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { base: tag.split('-')[0], q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { base } of ranked) {
    if ((LANGUAGES as readonly string[]).includes(base)) return base as Language;
  }
  return 'ru';
}
