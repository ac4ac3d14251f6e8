import { LANGUAGES, type Language } from '@oqu/contracts';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Namespaces: `common` (shell, sign-in, menus, placeholders), `people` (admin people screens),
 * `catalogue` (plans, topics, certificates), `tests` (tests, questions), `learner` (the trainee's plan),
 * `testing` (the trainee's tests and the testing screen), `retakes` (retakes, gradebook journal),
 * `webinars` (schedules, lists, question threads, webinar tests), `rooms` (the live rooms), `exams`
 * (exams, report cards, examiners' votes), `signing` (the report card's digital signature), `examRooms`
 * (the trainee's exams, the region account's exam screens), `visitLog` (the visit log),
 * `issuedCertificates` (certificates issued, their public verification, a template's layout),
 * `statistics` (the statistics screen and the reports' download), `scorm` (SCORM packages, the
 * trainee's courses and their player), `media` (the media library, its players and the 360° viewer),
 * `face` (the camera face check).
 */
export const NAMESPACES = [
  'common',
  'people',
  'catalogue',
  'tests',
  'learner',
  'testing',
  'retakes',
  'webinars',
  'rooms',
  'exams',
  'signing',
  'examRooms',
  'visitLog',
  'issuedCertificates',
  'statistics',
  'scorm',
  'media',
  'face',
] as const;
export const DEFAULT_LANGUAGE: Language = 'ru';
const STORAGE_KEY = 'language';

/**
 * Each language's namespaces are files of their own, fetched when a screen first asks for them
 * (react-i18next suspends it meanwhile): the sign-in page carries one language's `common` only.
 */
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>('./*/*.json');

const lazyCatalogues: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, done) {
    const load = catalogues[`./${language}/${namespace}.json`];
    if (!load) return done(new Error(`No texts for ${language}/${namespace}`), false);
    load().then(
      (catalogue) => done(null, catalogue.default),
      (error: Error) => done(error, false),
    );
  },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function applyLanguage(language: string) {
  const lang = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // private mode: the choice lasts for this page only
  }
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

i18n.on('languageChanged', applyLanguage);

/** Settles when the interface language's `common` texts are in: the app renders after it. */
export const i18nReady = i18n
  .use(lazyCatalogues)
  .use(initReactI18next)
  .init({
    lng: storedLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });

/** The interface language; always one of LANGUAGES. */
export function currentLanguage(): Language {
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

export default i18n;
