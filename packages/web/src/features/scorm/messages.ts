import { PLAYER_MESSAGES, type ScormProgress, scormProgress } from '@oqu/contracts';

/** What the player on the content origin tells the app's player page. */
export type PlayerMessage =
  | { type: 'ready' }
  | { type: 'progress'; progress: ScormProgress | null }
  | { type: 'expired' }
  | { type: 'finished'; progress: ScormProgress | null };

const TYPES: Record<string, PlayerMessage['type']> = {
  [PLAYER_MESSAGES.ready]: 'ready',
  [PLAYER_MESSAGES.progress]: 'progress',
  [PLAYER_MESSAGES.expired]: 'expired',
  [PLAYER_MESSAGES.finished]: 'finished',
};

/**
 * A message of the player, read only when it comes from the content origin and from the player's
 * own frame (another frame or window of that origin, a course's, is not listened to); null otherwise.
 */
export function playerMessageOf(
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  player: { origin: string; window: MessageEventSource | null | undefined },
): PlayerMessage | null {
  if (!player.window || event.source !== player.window || event.origin !== player.origin) return null;
  const data = event.data as { type?: unknown; progress?: unknown } | null;
  if (typeof data !== 'object' || data === null || typeof data.type !== 'string') return null;
  const type = TYPES[data.type];
  if (!type) return null;
  if (type === 'progress' || type === 'finished') {
    const parsed = scormProgress.safeParse(data.progress);
    return { type, progress: parsed.success ? parsed.data : null };
  }
  return { type };
}

/** The launch message the app sends the player: the token, and the interface language for the player's few words. */
export function launchMessage(token: string, language: string) {
  return { type: PLAYER_MESSAGES.launch, token, lang: language };
}
