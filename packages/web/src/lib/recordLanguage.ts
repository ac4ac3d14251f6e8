import type { Language } from '@oqu/contracts';

/** Letters Kazakh writes and Russian does not. */
const KAZAKH_LETTERS = /[әғқңөұүһі]/i;
const CYRILLIC = /[а-яё]/i;

/**
 * The language of a text from the organisation's records (a course's or a test's name, a question),
 * when it is not the interface's: the records are kept in Russian, or in Kazakh when the text has
 * Kazakh's own letters; a Latin text is read in the page's language.
 */
export function recordLanguage(text: string, page: Language): Language | undefined {
  const language = KAZAKH_LETTERS.test(text) ? 'kk' : CYRILLIC.test(text) ? 'ru' : undefined;
  return language === page ? undefined : language;
}
