/**
 * What the player on the content origin and the app's player page say to each other by postMessage
 * (the same names as PLAYER_MESSAGES of the contracts, written out here so that the player does not
 * carry the contracts' schemas), and the small rules the player applies to what it is given.
 */
export const MESSAGES = {
  ready: 'oqu-scorm-ready',
  launch: 'oqu-scorm-launch',
  progress: 'oqu-scorm-progress',
  expired: 'oqu-scorm-expired',
  finished: 'oqu-scorm-finished',
} as const;

export type PlayerLanguage = 'ru' | 'kk' | 'en';

export interface Launch {
  token: string;
  language: PlayerLanguage;
}

/** A launch message, only from the window that embeds the player; null for anything else. */
export function launchOf(event: Pick<MessageEvent, 'source' | 'data'>, parent: unknown): Launch | null {
  if (event.source !== parent || event.source === null) return null;
  const data = event.data as { type?: unknown; token?: unknown; lang?: unknown } | null;
  if (typeof data !== 'object' || data === null || data.type !== MESSAGES.launch) return null;
  if (typeof data.token !== 'string' || data.token.length === 0 || data.token.length > 200) return null;
  const language = data.lang === 'kk' || data.lang === 'en' ? data.lang : 'ru';
  return { token: data.token, language };
}

/**
 * The stored CMI data to load before the course starts. A session's own time is left out: the new
 * session counts its own, and a stale one would be added to the total again.
 */
export function resumeData(cmi: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(cmi);
  const root = (typeof copy.cmi === 'object' && copy.cmi !== null ? copy.cmi : copy) as Record<string, unknown>;
  delete root.session_time;
  const core = root.core as Record<string, unknown> | undefined;
  if (core && typeof core === 'object') delete core.session_time;
  return copy;
}

/** The data a course starts from on its first launch: `entry` says it starts from the beginning. */
export function firstLaunchData(version: '1.2' | '2004'): Record<string, unknown> {
  return version === '1.2' ? { cmi: { core: { entry: 'ab-initio' } } } : { cmi: { entry: 'ab-initio' } };
}

/** The launch file's address on the player's own origin; null when `entry` would leave it. */
export function entryUrl(entry: string, origin: string): string | null {
  try {
    const url = new URL(entry, `${origin}/`);
    return url.origin === origin ? url.href : null;
  } catch {
    return null;
  }
}

const TEXTS: Record<PlayerLanguage, { failed: string; network: string }> = {
  ru: {
    failed: 'Курс не удалось открыть. Закройте его и откройте снова.',
    network: 'Нет связи с сервером. Проверьте подключение и откройте курс снова.',
  },
  kk: {
    failed: 'Курсты ашу мүмкін болмады. Оны жауып, қайта ашыңыз.',
    network: 'Сервермен байланыс жоқ. Қосылымды тексеріп, курсты қайта ашыңыз.',
  },
  en: {
    failed: 'The course could not be opened. Close it and open it again.',
    network: 'The server cannot be reached. Check the connection and open the course again.',
  },
};

export const textsOf = (language: PlayerLanguage) => TEXTS[language];
