import type { ScormProgress } from '@oqu/contracts';

/** Where a trainee stands in a package, as one word of the list: the outcome once there is one, else how far they got. */
export type ScormState = 'passed' | 'failed' | 'completed' | 'incomplete' | 'notAttempted' | 'unknown';

/** The colour a state is drawn in (features/learner-plan's badges use the same tones). */
export type ScormTone = 'done' | 'pending' | 'failed' | 'muted';

export function scormState(progress: Pick<ScormProgress, 'CompletionStatus' | 'SuccessStatus'>): ScormState {
  if (progress.SuccessStatus === 'passed') return 'passed';
  if (progress.SuccessStatus === 'failed') return 'failed';
  switch (progress.CompletionStatus) {
    case 'completed':
      return 'completed';
    case 'incomplete':
      return 'incomplete';
    case 'not attempted':
      return 'notAttempted';
    default:
      return 'unknown';
  }
}

export const SCORM_TONE: Record<ScormState, ScormTone> = {
  passed: 'done',
  completed: 'done',
  failed: 'failed',
  incomplete: 'pending',
  unknown: 'pending',
  notAttempted: 'muted',
};

/** A score in percent to one decimal in the interface language ("85,5 %"), or null when there is none. */
export function formatScore(score: number | null, locale: string): string | null {
  if (score === null || !Number.isFinite(score)) return null;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(score);
  return `${number} %`;
}

/** Units of a time span as the caller's translation gives them. */
export interface SpanUnits {
  h: string;
  min: string;
  s: string;
}

/**
 * Time spent in hours and minutes ("1 ч 5 мин"); under a minute in seconds ("40 с"); nothing yet: "0 мин".
 */
export function formatSpent(totalSeconds: number, units: SpanUnits): string {
  const seconds = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0;
  if (seconds === 0) return `0 ${units.min}`;
  if (seconds < 60) return `${seconds} ${units.s}`;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (hours === 0) return `${minutes} ${units.min}`;
  return minutes === 0 ? `${hours} ${units.h}` : `${hours} ${units.h} ${minutes} ${units.min}`;
}

/** A chosen file is a zip by its name or its type (the server reads its content again). */
export function looksLikeZip(file: Pick<File, 'name' | 'type'>): boolean {
  return /\.zip$/i.test(file.name) || ['application/zip', 'application/x-zip-compressed'].includes(file.type);
}

/** Why a chosen package file cannot be sent, or null when it may be. */
export function zipProblem(file: Pick<File, 'name' | 'type' | 'size'>, maxBytes: number): 'type' | 'empty' | 'size' | null {
  if (!looksLikeZip(file)) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > maxBytes) return 'size';
  return null;
}
