import type { ScormVersion } from '@oqu/contracts';
import type { Storage } from '../../plugins/storage.js';

/** What a SCORM package's zip may hold (config: SCORM_MAX_ENTRIES, SCORM_MAX_UNPACKED_BYTES). */
export interface PackageLimits {
  maxEntries: number;
  maxUnpackedBytes: number;
}

/** A package that passed every check, unpacked under its prefix in storage. */
export interface UnpackedPackage {
  version: ScormVersion;
  /** the launch file of the default organisation's first SCO, relative to the package root, with its parameters */
  launch: string;
  /** the default organisation's title, or '' */
  title: string;
  entries: number;
  unpackedBytes: number;
}

/**
 * Reads the zip stored at `zipKey` by ranges (never whole in memory), checks it — a readable zip,
 * imsmanifest.xml at the root naming a launchable SCO, safe paths, no symlinks, the entry count,
 * the unpacked size and a compression-ratio guard, names in UTF-8 or CP866 — and writes its files
 * under `prefix/` in storage. A refusal is an AppError 422 naming the reason (and the entry), and
 * leaves nothing under `prefix/`.
 */
export async function unpackPackage(_storage: Storage, _zipKey: string, _prefix: string, _limits: PackageLimits): Promise<UnpackedPackage> {
  throw new Error('unpackPackage: not built yet');
}
