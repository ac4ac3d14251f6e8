import { buffer } from 'node:stream/consumers';
import type { ScormVersion } from '@oqu/contracts';
import { type AppError, unprocessable } from '../../errors.js';
import { type ArchiveEntry, RangeArchive, type RatioGuard, ZipRefused } from '../../lib/zip.js';
import { isStorageKey, removeUnder, type Storage } from '../../plugins/storage.js';
import { ManifestProblem, parseManifest } from './manifest.js';

/** What a SCORM package's zip may hold (config: SCORM_MAX_ENTRIES, SCORM_MAX_UNPACKED_BYTES). */
export interface PackageLimits {
  maxEntries: number;
  maxUnpackedBytes: number;
}

/** A package that passed every check, unpacked under its prefix in storage. */
export interface UnpackedPackage {
  version: ScormVersion;
  /**
   * the launch of the default organisation's first SCO, relative to the package root, as a URL path
   * (each segment percent-encoded) with its parameters: `lessons/%D1%83%D1%80%D0%BE%D0%BA.html?a=1`
   */
  launch: string;
  /** the launch file's path inside the package, as stored under the prefix (not encoded) */
  launchFile: string;
  /** the default organisation's title, or '' */
  title: string;
  /** files stored (folders are not counted) */
  entries: number;
  unpackedBytes: number;
}

/**
 * The zip-bomb guard: an entry may not unpack to more than 100 times its packed size once past
 * 1 MiB. Course files compress 2–10 times (HTML, scripts), media hardly at all; a run of zeros
 * deflates about 1,000 times.
 */
export const PACKAGE_RATIO_GUARD: RatioGuard = { ratio: 100, afterBytes: 1 << 20 };

/** Files up to this size are inflated whole and stored `PUTS_AT_ONCE` at a time; bigger ones stream one by one. */
const SMALL_FILE_BYTES = 1024 * 1024;
const PUTS_AT_ONCE = 8;

/** imsmanifest.xml is read whole; real ones are kilobytes, big courses a few hundred. */
const MAX_MANIFEST_BYTES = 8 * 1024 * 1024;

const MANIFEST = 'imsmanifest.xml';

/** The refusal a user reads for a problem of the archive. */
function refusalOf(problem: ZipRefused, limits: PackageLimits): AppError {
  const entry = problem.entry;
  switch (problem.problem) {
    case 'unreadable':
      return unprocessable('scorm_not_zip');
    case 'size_mismatch':
      return unprocessable('scorm_entry_damaged', { entry });
    case 'too_many_entries':
      return unprocessable('scorm_too_many_entries', { max: limits.maxEntries });
    case 'too_large':
      return unprocessable('scorm_too_large', { max: Math.floor(limits.maxUnpackedBytes / 1_000_000) });
    case 'unsafe_path':
      return unprocessable('scorm_unsafe_path', { entry });
    case 'symlink':
      return unprocessable('scorm_symlink', { entry });
    case 'encrypted':
      return unprocessable('scorm_encrypted', { entry });
    case 'compression_ratio':
      return unprocessable('scorm_compression_ratio', { entry, ratio: PACKAGE_RATIO_GUARD.ratio });
    case 'name_conflict':
      return unprocessable('scorm_name_conflict', { entry });
  }
}

/** A path of the package as a relative URL: each segment percent-encoded. */
const urlPathOf = (file: string) => file.split('/').map(encodeURIComponent).join('/');

/**
 * Reads the zip stored at `zipKey` by ranges (never whole in memory), checks it — a readable zip,
 * imsmanifest.xml at the root naming a launchable SCO, safe paths, no symlinks, the entry count,
 * the unpacked size and a compression-ratio guard, names in UTF-8 or CP866 — and writes its files
 * under `prefix/` in storage. A refusal is an AppError 422 naming the reason (and the entry), and
 * leaves nothing under `prefix/`.
 *
 * The cheap checks come first, from the central directory alone (the count, every name, symlinks,
 * encryption, the declared sizes and ratios, the manifest's presence), then the manifest is read and
 * its launch looked up among the entries; only then is anything inflated, each entry streamed into
 * storage under the caps on the bytes it really produces.
 */
export async function unpackPackage(storage: Storage, zipKey: string, prefix: string, limits: PackageLimits): Promise<UnpackedPackage> {
  const size = await storage.size(zipKey);
  if (size === null) throw new Error(`No stored package at ${zipKey}`);
  if (!isStorageKey(`${prefix}/${MANIFEST}`)) throw new Error(`Not a folder for a package: ${prefix}`);

  const readRange = async (start: number, end: number) => {
    const found = await storage.read(zipKey, { start, end: end - 1 });
    if (!found) throw new Error(`The stored package ${zipKey} is gone`);
    return found.stream;
  };

  let archive: RangeArchive | undefined;
  let written = false;
  // small files are stored several at a time (a package is often thousands of them, and a bucket
  // answers each in tens of milliseconds); a failed one fails the unpacking
  const storing = new Set<Promise<void>>();
  let failure: unknown;
  try {
    archive = await RangeArchive.open(size, readRange, {
      maxEntries: limits.maxEntries,
      maxTotalBytes: limits.maxUnpackedBytes,
      ratioGuard: PACKAGE_RATIO_GUARD,
    });
    const files = new Map<string, ArchiveEntry>();
    for (const entry of archive.entries) {
      if (entry.directory) continue;
      // a key the store takes: the archive's path checks hold, and the whole key fits (1,024 bytes)
      if (!isStorageKey(`${prefix}/${entry.name}`)) throw new ZipRefused('unsafe_path', entry.name);
      files.set(entry.name, entry);
    }
    const manifestEntry = files.get(MANIFEST) ?? [...files.values()].find((entry) => entry.name.toLowerCase() === MANIFEST);
    if (!manifestEntry) throw unprocessable('scorm_no_manifest');

    const manifest = parseManifest(await archive.read(manifestEntry, MAX_MANIFEST_BYTES));
    if (!files.has(manifest.launchFile)) throw unprocessable('scorm_launch_missing', { entry: manifest.launchFile });

    written = true;
    await archive.forEachFile(async (entry, stream) => {
      if (failure) throw failure;
      const key = `${prefix}/${entry.name}`;
      if (entry.size > SMALL_FILE_BYTES) return storage.put(key, stream);
      // a small file is inflated whole (yauzl holds it to its declared size), then stored beside others
      const data = await buffer(stream);
      while (storing.size >= PUTS_AT_ONCE) await Promise.race(storing);
      if (failure) throw failure;
      const put: Promise<void> = storage.put(key, data).then(
        () => {
          storing.delete(put);
        },
        (error: unknown) => {
          storing.delete(put);
          failure ??= error;
        },
      );
      storing.add(put);
    });
    await Promise.all(storing);
    if (failure) throw failure;
    return {
      version: manifest.version,
      launch: `${urlPathOf(manifest.launchFile)}${manifest.launchQuery}`,
      launchFile: manifest.launchFile,
      title: manifest.title,
      entries: files.size,
      unpackedBytes: archive.unpackedBytes,
    };
  } catch (error) {
    if (written) {
      await Promise.allSettled(storing);
      // the refusal is what the caller hears, even when removing what was written fails too
      await removeUnder(storage, prefix).catch(() => undefined);
    }
    if (error instanceof ZipRefused) throw refusalOf(error, limits);
    if (error instanceof ManifestProblem) {
      throw unprocessable(error.reason === 'unreadable' ? 'scorm_manifest_unreadable' : 'scorm_no_sco');
    }
    throw error;
  } finally {
    archive?.close();
  }
}
