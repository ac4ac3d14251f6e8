import type { Storage } from './storage.js';

/** Where a copy stands after each file: files handled of all, and bytes of those. */
export interface CopyProgress {
  done: number;
  total: number;
  bytes: number;
  totalBytes: number;
}

export interface CopyOutcome {
  copied: number;
  /** already in the target with the same size, or gone from the source since it was listed */
  skipped: number;
  failed: { key: string; error: string }[];
  /** bytes copied (skipped files not counted) */
  bytes: number;
}

/** Files copied at once: a bucket answers each request slowly, but many at once well. */
const PARALLEL = 4;

/**
 * Copies every file of `from` to `to`. A key the target already holds with the same size is skipped,
 * so a second run copies nothing and a run stopped midway resumes: `put` leaves either the whole file
 * or nothing under a key. A file that fails is counted and the rest go on.
 */
export async function copyStorage(
  from: Storage,
  to: Storage,
  onProgress: (progress: CopyProgress) => void = () => {},
): Promise<CopyOutcome> {
  const files: { key: string; size: number }[] = [];
  for await (const file of from.list()) files.push(file);
  const progress: CopyProgress = { done: 0, total: files.length, bytes: 0, totalBytes: files.reduce((sum, file) => sum + file.size, 0) };
  const outcome: CopyOutcome = { copied: 0, skipped: 0, failed: [], bytes: 0 };

  async function copyOne(key: string, size: number) {
    if ((await to.size(key)) === size) return 'skipped';
    const found = await from.read(key);
    if (!found) return 'skipped';
    await to.put(key, found.stream);
    outcome.bytes += found.size;
    return 'copied';
  }

  let next = 0;
  async function worker() {
    while (next < files.length) {
      const { key, size } = files[next++];
      try {
        outcome[await copyOne(key, size)]++;
      } catch (error) {
        outcome.failed.push({ key, error: (error as Error).message });
      }
      progress.done++;
      progress.bytes += size;
      onProgress({ ...progress });
    }
  }
  await Promise.all(Array.from({ length: Math.min(PARALLEL, files.length) }, worker));
  return outcome;
}
