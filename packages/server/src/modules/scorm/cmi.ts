import type { ScormProgress, ScormVersion } from '@oqu/contracts';

/**
 * The CMI data model as the server reads it: what a commit says about completion, success, score
 * and the session's time, and the data handed back to the course on its next launch. The data is
 * kept as scorm-again renders it (nested objects under `cmi`, or the same without the `cmi` level),
 * so both shapes are read alike.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The `cmi` object of committed data: `{cmi: {...}}` or the data itself. */
export function cmiRoot(data: Json): Json {
  return isObject(data.cmi) ? data.cmi : data;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : '');

function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

const child = (object: Json, key: string): Json => (isObject(object[key]) ? object[key] : {});

/** The deepest nesting and the size of committed data are bounded: both refuse past these. */
export const CMI_MAX_DEPTH = 12;

/** Whether `value` nests no deeper than `max` levels (arrays and objects alike). */
export function withinDepth(value: unknown, max = CMI_MAX_DEPTH): boolean {
  if (typeof value !== 'object' || value === null) return true;
  if (max <= 0) return false;
  return Object.values(value).every((item) => withinDepth(item, max - 1));
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const storableText = (value: string) => !value.includes('\0') && !LONE_SURROGATE.test(value);

/** Whether every key and text of `value` can be stored in jsonb: no NUL character, no lone surrogate. */
export function isStorable(value: unknown): boolean {
  if (typeof value === 'string') return storableText(value);
  if (typeof value !== 'object' || value === null) return true;
  return Object.entries(value).every(([key, item]) => storableText(key) && isStorable(item));
}

/**
 * Seconds of a CMI timespan: SCORM 1.2 `HHHH:MM:SS.SS` (`cmi.core.session_time`) or SCORM 2004's ISO
 * 8601 duration (`PT1H2M3.5S`, `P1DT2H`; a year counts 365 days and a month 30). Null when it is
 * neither, or negative.
 */
export function secondsOf(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const timespan = /^(\d{1,4}):([0-5]?\d):([0-5]?\d(?:\.\d{1,2})?)$/.exec(value.trim());
  if (timespan) return Number(timespan[1]) * 3600 + Number(timespan[2]) * 60 + Number(timespan[3]);
  const n = '(\\d+(?:\\.\\d+)?)';
  const iso = new RegExp(`^P(?:${n}Y)?(?:${n}M)?(?:${n}W)?(?:${n}D)?(?:T(?:${n}H)?(?:${n}M)?(?:${n}S)?)?$`).exec(value.trim());
  if (!iso || value.trim() === 'P' || value.trim().endsWith('T')) return null;
  const [, years, months, weeks, days, hours, minutes, seconds] = iso.map((part) => (part === undefined ? 0 : Number(part)));
  return (
    (years ?? 0) * 365 * 86400 +
    (months ?? 0) * 30 * 86400 +
    (weeks ?? 0) * 7 * 86400 +
    (days ?? 0) * 86400 +
    (hours ?? 0) * 3600 +
    (minutes ?? 0) * 60 +
    (seconds ?? 0)
  );
}

/** A total time as the version writes it: 1.2 `HHHH:MM:SS.SS` (at most 9999 hours), 2004 `PT#H#M#S`. */
export function timespanOf(totalSeconds: number, version: ScormVersion): string {
  const hundredths = Math.max(0, Math.round(totalSeconds * 100));
  const hours = Math.floor(hundredths / 360_000);
  const minutes = Math.floor((hundredths % 360_000) / 6000);
  const seconds = (hundredths % 6000) / 100;
  if (version === '2004') return `PT${hours}H${minutes}M${Number(seconds.toFixed(2))}S`;
  const two = (value: number) => String(value).padStart(2, '0');
  const wholeSeconds = Math.floor(seconds);
  const fraction = String(Math.round((seconds - wholeSeconds) * 100)).padStart(2, '0');
  return `${String(Math.min(hours, 9999)).padStart(4, '0')}:${two(minutes)}:${two(wholeSeconds)}.${fraction}`;
}

/** What a commit says about where the trainee stands; TotalSeconds and LastLaunchedAt are the server's. */
export interface CommittedStatus {
  completion: ScormProgress['CompletionStatus'];
  success: ScormProgress['SuccessStatus'];
  /** percent, one decimal, within 0–100; null when the course reported no score */
  score: number | null;
  /** the session's time as the course reported it, in seconds; null when it reported none */
  sessionSeconds: number | null;
  /** how the course said the session ended: 'suspend', 'normal', 'logout', 'time-out' or '' */
  exit: string;
}

const roundScore = (percent: number) => Math.round(Math.min(100, Math.max(0, percent)) * 10) / 10;

function scoreOf(score: Json, scaled: boolean): number | null {
  if (scaled) {
    const value = numberOf(score.scaled);
    if (value !== null) return roundScore(value * 100);
  }
  const raw = numberOf(score.raw);
  if (raw === null) return null;
  const max = numberOf(score.max);
  if (max !== null && max > 0) return roundScore((raw / max) * 100);
  return roundScore(raw);
}

/** Reads a commit's status, score, session time and exit, by the package's version. */
export function statusOf(data: Json, version: ScormVersion): CommittedStatus {
  const cmi = cmiRoot(data);
  if (version === '1.2') {
    const core = child(cmi, 'core');
    const lesson = text(core.lesson_status);
    const completion: CommittedStatus['completion'] =
      lesson === 'passed' || lesson === 'failed' || lesson === 'completed'
        ? 'completed'
        : lesson === 'incomplete' || lesson === 'browsed'
          ? 'incomplete'
          : lesson === 'not attempted' || lesson === ''
            ? 'not attempted'
            : 'unknown';
    const success: CommittedStatus['success'] = lesson === 'passed' ? 'passed' : lesson === 'failed' ? 'failed' : 'unknown';
    return {
      completion,
      success,
      score: scoreOf(child(core, 'score'), false),
      sessionSeconds: secondsOf(core.session_time),
      exit: text(core.exit),
    };
  }
  const completionText = text(cmi.completion_status);
  const completion: CommittedStatus['completion'] =
    completionText === 'completed' || completionText === 'incomplete' || completionText === 'not attempted'
      ? completionText
      : completionText === ''
        ? 'not attempted'
        : 'unknown';
  const successText = text(cmi.success_status);
  const success: CommittedStatus['success'] = successText === 'passed' || successText === 'failed' ? successText : 'unknown';
  return {
    completion,
    success,
    score: scoreOf(child(cmi, 'score'), true),
    sessionSeconds: secondsOf(cmi.session_time),
    exit: text(cmi.exit),
  };
}

/**
 * The stored status after a commit: a completed package stays completed and a passed one stays passed
 * (a course reviewed later often reports "incomplete" again, and what the trainee achieved is kept);
 * otherwise the commit's word holds. A score is replaced only by a reported one.
 */
export function mergedStatus(
  stored: { completion: CommittedStatus['completion']; success: CommittedStatus['success']; score: number | null },
  committed: CommittedStatus,
) {
  return {
    completion: stored.completion === 'completed' ? 'completed' : committed.completion,
    success: stored.success === 'passed' ? 'passed' : committed.success,
    score: committed.score ?? stored.score,
  } as const;
}

/** Exits after which the next launch starts anew rather than resuming. */
const NORMAL_EXITS = new Set(['normal', 'logout', 'time-out']);

/**
 * The stored data as the course reads it on its next launch. `entry` is 'resume' when the previous
 * session suspended (exit 'suspend') or ended without saying how (exit empty: the tab was closed, the
 * course never finished); after a normal exit ('normal', 'logout', 'time-out') it is '' (a new
 * attempt on the kept data). The write-only elements (`exit`, `session_time`) are left out, and the
 * total time is the server's. Null when nothing was ever committed: the course starts 'ab-initio'.
 */
export function resumeData(stored: unknown, version: ScormVersion, totalSeconds: number): Json | null {
  if (!isObject(stored) || Object.keys(stored).length === 0) return null;
  const copy = structuredClone(stored);
  const wrapped = isObject(copy.cmi);
  const cmi = wrapped ? (copy.cmi as Json) : copy;
  const total = timespanOf(totalSeconds, version);
  if (version === '1.2') {
    const core = child(cmi, 'core');
    const entry = NORMAL_EXITS.has(text(core.exit)) ? '' : 'resume';
    delete core.exit;
    delete core.session_time;
    cmi.core = { ...core, entry, total_time: total };
  } else {
    const entry = NORMAL_EXITS.has(text(cmi.exit)) ? '' : 'resume';
    delete cmi.exit;
    delete cmi.session_time;
    cmi.entry = entry;
    cmi.total_time = total;
  }
  return copy;
}
