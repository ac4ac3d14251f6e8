import { LANGUAGES, type Language } from '@oqu/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { applyDayjsLocale } from '../lib/dates';
import enCatalogue from './en/catalogue.json';
import enCommon from './en/common.json';
import enLearner from './en/learner.json';
import enPeople from './en/people.json';
import enRetakes from './en/retakes.json';
import enRooms from './en/rooms.json';
import enTesting from './en/testing.json';
import enTests from './en/tests.json';
import enWebinars from './en/webinars.json';
import kkCatalogue from './kk/catalogue.json';
import kkCommon from './kk/common.json';
import kkLearner from './kk/learner.json';
import kkPeople from './kk/people.json';
import kkRetakes from './kk/retakes.json';
import kkRooms from './kk/rooms.json';
import kkTesting from './kk/testing.json';
import kkTests from './kk/tests.json';
import kkWebinars from './kk/webinars.json';
import ruCatalogue from './ru/catalogue.json';
import ruCommon from './ru/common.json';
import ruLearner from './ru/learner.json';
import ruPeople from './ru/people.json';
import ruRetakes from './ru/retakes.json';
import ruRooms from './ru/rooms.json';
import ruTesting from './ru/testing.json';
import ruTests from './ru/tests.json';
import ruWebinars from './ru/webinars.json';

/**
 * Namespaces: `common` (shell, sign-in, menus, placeholders), `people` (admin people screens),
 * `catalogue` (plans, topics, certificates), `tests` (tests, questions), `learner` (the trainee's plan),
 * `testing` (the trainee's tests and the testing screen), `retakes` (retakes, gradebook journal),
 * `webinars` (schedules, lists, question threads, webinar tests), `rooms` (the live rooms).
 */
export const NAMESPACES = ['common', 'people', 'catalogue', 'tests', 'learner', 'testing', 'retakes', 'webinars', 'rooms'] as const;
export const DEFAULT_LANGUAGE: Language = 'ru';
const STORAGE_KEY = 'language';

export const resources = {
  ru: {
    common: ruCommon,
    people: ruPeople,
    catalogue: ruCatalogue,
    tests: ruTests,
    learner: ruLearner,
    testing: ruTesting,
    retakes: ruRetakes,
    webinars: ruWebinars,
    rooms: ruRooms,
  },
  kk: {
    common: kkCommon,
    people: kkPeople,
    catalogue: kkCatalogue,
    tests: kkTests,
    learner: kkLearner,
    testing: kkTesting,
    retakes: kkRetakes,
    webinars: kkWebinars,
    rooms: kkRooms,
  },
  en: {
    common: enCommon,
    people: enPeople,
    catalogue: enCatalogue,
    tests: enTests,
    learner: enLearner,
    testing: enTesting,
    retakes: enRetakes,
    webinars: enWebinars,
    rooms: enRooms,
  },
} as const;

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
  applyDayjsLocale(lang);
}

i18n.on('languageChanged', applyLanguage);

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** The interface language; always one of LANGUAGES. */
export function currentLanguage(): Language {
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

export default i18n;
