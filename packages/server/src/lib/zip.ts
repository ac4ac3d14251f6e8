import { type Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/**
 * The one way the product opens a zip archive (an .xlsx, a .docx, a SCORM package): every entry is
 * inflated under caps on the bytes it really produces, never on the sizes the archive declares, so
 * a small file that would unpack to gigabytes is refused after its first kilobytes.
 */

/** What an archive may hold. */
export interface ZipLimits {
  /** Entries in the central directory. */
  maxEntries: number;
  /** Bytes one entry may unpack to. */
  maxEntryBytes: number;
  /** Bytes all entries together may unpack to. */
  maxTotalBytes: number;
}

/** Why an archive was refused. */
export type ZipProblem =
  /** not a zip, truncated, damaged, or a compression method other than stored and deflate */
  | 'unreadable'
  | 'too_many_entries'
  /** an entry, or all of them, would unpack past the limits */
  | 'too_large'
  /** an entry unpacks to another size than it declares */
  | 'size_mismatch'
  /** an absolute path or one climbing out with `..` */
  | 'unsafe_path'
  | 'symlink'
  | 'encrypted';

export class ZipRefused extends Error {
  constructor(
    readonly problem: ZipProblem,
    readonly entry = '',
  ) {
    super(entry ? `${problem}: ${entry}` : problem);
  }
}

/** An entry that passed: its path inside the archive and the bytes it unpacked to. */
export interface ZipEntry {
  name: string;
  size: number;
}

/** yauzl's own refusals, by the start of their message: its path checks and its declared-size checks. */
const YAUZL_PROBLEMS: [RegExp, ZipProblem][] = [
  [/^(absolute path|invalid relative path|invalid characters in fileName)/, 'unsafe_path'],
  [/^(too many bytes|not enough bytes|compressed\/uncompressed size mismatch)/, 'size_mismatch'],
];

function asRefusal(error: unknown, entry = ''): ZipRefused {
  if (error instanceof ZipRefused) return error;
  const message = error instanceof Error ? error.message : '';
  const problem = YAUZL_PROBLEMS.find(([pattern]) => pattern.test(message))?.[1] ?? 'unreadable';
  return new ZipRefused(problem, entry);
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
/** A Unix-made entry whose mode says symbolic link (the mode is the high half of the external attributes). */
const isSymlink = (entry: Entry) => ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK;

/**
 * Inflates every entry of `data` into nothing, counting the bytes as they come, and returns the
 * entries when all of them are within `limits`. Throws ZipRefused at the first problem: a declared
 * size past a limit before inflating, real bytes past a limit or past the declared size as soon as
 * they appear (the inflating stops there), fewer bytes than declared, an unsafe path, a symbolic
 * link or an encrypted entry. Whatever reads the archive afterwards therefore reads only entries
 * whose declared sizes are their real sizes, all within the limits.
 */
export function inspectZip(data: Buffer, limits: ZipLimits): Promise<ZipEntry[]> {
  return walk(data, limits, false);
}

/** An entry with the bytes it unpacked to. */
export interface ZipContent extends ZipEntry {
  data: Buffer;
}

/** As inspectZip, keeping each entry's bytes: for archives the product edits (a DOCX template it fills). */
export function readZip(data: Buffer, limits: ZipLimits): Promise<ZipContent[]> {
  return walk(data, limits, true) as Promise<ZipContent[]>;
}

async function walk(data: Buffer, limits: ZipLimits, keep: boolean): Promise<(ZipEntry & { data?: Buffer })[]> {
  const zip = await open(data);
  try {
    if (zip.entryCount > limits.maxEntries) throw new ZipRefused('too_many_entries');
    const entries: (ZipEntry & { data?: Buffer })[] = [];
    let total = 0;
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      const name = entry.fileName;
      if (entry.isEncrypted()) throw new ZipRefused('encrypted', name);
      if (isSymlink(entry)) throw new ZipRefused('symlink', name);
      if (entry.uncompressedSize > limits.maxEntryBytes || total + entry.uncompressedSize > limits.maxTotalBytes) {
        throw new ZipRefused('too_large', name);
      }
      const entryLimit = Math.min(limits.maxEntryBytes, limits.maxTotalBytes - total);
      const chunks: Buffer[] | undefined = keep ? [] : undefined;
      const size = await drain(await openEntry(zip, entry), entryLimit, name, chunks).catch((error: unknown) => {
        throw asRefusal(error, name);
      });
      total += size;
      entries.push(chunks ? { name, size, data: Buffer.concat(chunks) } : { name, size });
    }
    return entries;
  } finally {
    zip.close();
  }
}

function open(data: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    // validateEntrySizes: yauzl fails an entry's stream as soon as it inflates past its declared size
    yauzl.fromBuffer(data, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true }, (error, zip) => {
      if (error || !zip) reject(asRefusal(error));
      else resolve(zip);
    });
  });
}

/** The next entry of the central directory, or null after the last. */
function nextEntry(zip: ZipFile): Promise<Entry | null> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    const onEntry = (entry: Entry) => {
      cleanup();
      resolve(entry);
    };
    const onEnd = () => {
      cleanup();
      resolve(null);
    };
    const onError = (error: unknown) => {
      cleanup();
      reject(asRefusal(error));
    };
    zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
    zip.readEntry();
  });
}

function openEntry(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) reject(asRefusal(error, entry.fileName));
      else resolve(stream);
    });
  });
}

/**
 * Reads `stream` to its end, keeping its bytes in `chunks` when given, else nothing; fails, stopping
 * the stream, once it passes `limit` bytes.
 */
async function drain(stream: Readable, limit: number, name: string, chunks?: Buffer[]): Promise<number> {
  let size = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size <= limit) chunks?.push(chunk);
      done(size > limit ? new ZipRefused('too_large', name) : null);
    },
  });
  await pipeline(stream, sink);
  return size;
}
