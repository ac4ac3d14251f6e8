import { PassThrough, Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
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
  | 'encrypted'
  /** an entry unpacking to many times its packed size (a zip bomb): see `RatioGuard` */
  | 'compression_ratio'
  /** two entries of one path, or a file where another entry needs a folder */
  | 'name_conflict';

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

/** The archive's refusal for a failure of yauzl's; the store's own failure (reading by ranges) as it was. */
function asRefusal(error: unknown, entry = ''): Error {
  if (error instanceof ZipRefused) return error;
  // the store the archive is read from failed: that is no fault of the archive's
  if (error instanceof ArchiveSourceFailed) return error.cause instanceof Error ? error.cause : error;
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

// ——— Archives read by ranges, never whole (a SCORM package in storage) ———

/** Bytes `start` to `end` (excluded) of an archive kept elsewhere (a stored file), as a stream. */
export type ReadRange = (start: number, end: number) => Promise<Readable>;

/**
 * The zip-bomb guard: an entry is refused once it has unpacked past `afterBytes` and past `ratio`
 * times its packed size. Checked on the sizes the central directory declares before anything is
 * inflated, and again on the real bytes as they come.
 */
export interface RatioGuard {
  ratio: number;
  afterBytes: number;
}

/** What an archive read by ranges may hold. */
export interface ArchiveLimits {
  /** Entries in the central directory, folders included. */
  maxEntries: number;
  /** Bytes all entries together may unpack to. */
  maxTotalBytes: number;
  ratioGuard: RatioGuard;
}

/** An entry of the central directory that passed its checks. */
export interface ArchiveEntry {
  /** Its path inside the archive: decoded (UTF-8, else CP866), NFC, checked safe; a folder's without its final `/`. */
  name: string;
  directory: boolean;
  /** What it declares: bytes packed and unpacked (the real ones are checked against these as it inflates). */
  compressedSize: number;
  size: number;
  readonly raw: Entry;
}

/** The store an archive is read from failed (not the archive): its error passes through unchanged. */
class ArchiveSourceFailed extends Error {
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

const sourceFailure = (error: unknown) => (error instanceof ArchiveSourceFailed ? error : new ArchiveSourceFailed(error));

/** Small reads (the central directory, local headers, small entries) are served from one block read ahead. */
const BLOCK_BYTES = 256 * 1024;

/**
 * yauzl's window on an archive read by ranges. yauzl reads the central directory and each local
 * header in reads of a few dozen bytes: those, and entries smaller than a block, come from a block of
 * 256 KB read at once from where they start (the next reads usually fall in it too), so a package of
 * thousands of small files costs a few requests, not thousands. Bigger entries stream their range.
 */
class RangeReader extends yauzl.RandomAccessReader {
  private block: { start: number; data: Buffer } | null = null;

  constructor(
    private readonly size: number,
    private readonly readRange: ReadRange,
  ) {
    super();
  }

  /** A damaged archive may point anywhere: a range outside it is the archive's fault (unreadable), never asked of the store. */
  private outside(start: number, end: number) {
    return !(Number.isSafeInteger(start) && Number.isSafeInteger(end) && start >= 0 && start <= end && end <= this.size);
  }

  private async bytes(start: number, end: number): Promise<Buffer> {
    if (this.outside(start, end)) throw new Error(`a range outside the archive: ${start}-${end}`);
    const cached = this.block;
    if (cached && start >= cached.start && end <= cached.start + cached.data.length) {
      return cached.data.subarray(start - cached.start, end - cached.start);
    }
    const small = end - start <= BLOCK_BYTES;
    const until = small ? Math.min(this.size, start + BLOCK_BYTES) : end;
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of await this.readRange(start, until)) chunks.push(chunk as Buffer);
    } catch (error) {
      throw sourceFailure(error);
    }
    const data = Buffer.concat(chunks);
    if (small) this.block = { start, data };
    return data.subarray(0, end - start);
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const out = new PassThrough();
    if (this.outside(start, end)) {
      process.nextTick(() => out.destroy(new Error(`a range outside the archive: ${start}-${end}`)));
      return out;
    }
    if (end - start <= BLOCK_BYTES) {
      this.bytes(start, end).then(
        (data) => out.end(data),
        (error: unknown) => out.destroy(sourceFailure(error)),
      );
      return out;
    }
    this.readRange(start, end).then(
      (source) => {
        source.once('error', (error) => out.destroy(sourceFailure(error)));
        out.once('close', () => source.destroy());
        source.pipe(out);
      },
      (error: unknown) => out.destroy(sourceFailure(error)),
    );
    return out;
  }

  override read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
    callback: (error: Error | null, bytesRead?: number) => void,
  ) {
    this.bytes(position, position + length).then(
      (data) => {
        data.copy(buffer, offset);
        callback(null, data.length);
      },
      (error: Error) => callback(error),
    );
  }
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const cp866 = new TextDecoder('ibm866');

/**
 * An entry's name as its maker meant it: the Info-ZIP Unicode Path field (0x7075) when it is there
 * and matches the header's name; else UTF-8 when the bytes are UTF-8 (the UTF-8 flag set, or plain
 * ASCII, or valid UTF-8 without the flag, as some tools write); else CP866, the DOS code page
 * Russian archivers write without saying so. Normalised to NFC, as manifests spell their paths.
 */
export function entryName(raw: Buffer, extraFields: readonly { id: number; data: Buffer }[]): string {
  for (const field of extraFields) {
    if (field.id !== 0x7075 || field.data.length < 6 || field.data[0] !== 1 || field.data.readUInt32LE(1) !== crc32(raw)) continue;
    try {
      return strictUtf8.decode(field.data.subarray(5)).normalize('NFC');
    } catch {
      // a Unicode field that is not UTF-8 is ignored, as its specification says
    }
  }
  try {
    return strictUtf8.decode(raw).normalize('NFC');
  } catch {
    return cp866.decode(raw).normalize('NFC');
  }
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Whether a path stays inside the archive's folder and is a plain one: not absolute (`/…`, `C:…`),
 * no backslash (Windows' separator, which a Windows server would follow), no control characters,
 * no empty, `.` or `..` segment, none longer than 255 bytes. A folder's path may end with `/`.
 */
export function isSafeEntryPath(name: string): boolean {
  const path = name.endsWith('/') ? name.slice(0, -1) : name;
  if (path === '' || path.includes('\\') || path.startsWith('/') || /^[A-Za-z]:/.test(path) || CONTROL.test(path)) return false;
  return path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..' && Buffer.byteLength(segment) <= 255);
}

const exceedsRatio = (guard: RatioGuard, unpacked: number, packed: number) =>
  unpacked > guard.afterBytes && unpacked > guard.ratio * packed;

/**
 * A zip archive read by ranges: its central directory is read and checked when it opens, its
 * entries are inflated one at a time, each under the caps on the bytes it really produces.
 */
export class RangeArchive {
  /** Bytes unpacked so far, by every entry read. */
  private unpacked = 0;

  private constructor(
    private readonly zip: ZipFile,
    /** Every entry of the central directory, in its order, folders included. */
    readonly entries: readonly ArchiveEntry[],
    private readonly limits: ArchiveLimits,
  ) {}

  /**
   * Opens the archive of `size` bytes and checks its central directory before inflating anything,
   * refusing (ZipRefused) what it can tell from there: not a zip, more than `maxEntries` entries (told
   * before any is read), an unsafe path, a symbolic link, an encrypted entry, a compression method
   * other than stored and deflate, declared sizes past `maxTotalBytes` or past the ratio guard, two
   * entries of one path.
   */
  static async open(size: number, readRange: ReadRange, limits: ArchiveLimits): Promise<RangeArchive> {
    const zip = await new Promise<ZipFile>((resolve, reject) => {
      yauzl.fromRandomAccessReader(
        new RangeReader(size, readRange),
        size,
        // names are decoded here (UTF-8 or CP866), not by yauzl (which knows only UTF-8 and CP437)
        { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true },
        (error, opened) => {
          if (error || !opened) reject(asRefusal(error));
          else resolve(opened);
        },
      );
    });
    try {
      if (zip.entryCount > limits.maxEntries) throw new ZipRefused('too_many_entries');
      const entries: ArchiveEntry[] = [];
      let declared = 0;
      for (let raw = await nextEntry(zip); raw; raw = await nextEntry(zip)) {
        const name = entryName(raw.fileName as unknown as Buffer, raw.extraFields);
        if (!isSafeEntryPath(name)) throw new ZipRefused('unsafe_path', name);
        if (raw.isEncrypted()) throw new ZipRefused('encrypted', name);
        if (isSymlink(raw)) throw new ZipRefused('symlink', name);
        if (raw.compressionMethod !== 0 && raw.compressionMethod !== 8) throw new ZipRefused('unreadable', name);
        declared += raw.uncompressedSize;
        if (declared > limits.maxTotalBytes) throw new ZipRefused('too_large', name);
        if (exceedsRatio(limits.ratioGuard, raw.uncompressedSize, raw.compressedSize)) throw new ZipRefused('compression_ratio', name);
        const directory = name.endsWith('/');
        entries.push({
          name: directory ? name.slice(0, -1) : name,
          directory,
          compressedSize: raw.compressedSize,
          size: raw.uncompressedSize,
          raw,
        });
      }
      refuseConflicts(entries);
      return new RangeArchive(zip, entries, limits);
    } catch (error) {
      zip.close();
      throw asRefusal(error);
    }
  }

  /**
   * The entry's bytes as they inflate, failing (ZipRefused) once they pass its declared size, the
   * archive's total or the ratio guard, or fall short of the declared size; the inflating stops there.
   * `counts`: its bytes count towards the archive's total (an entry read aside, as a manifest before
   * the unpacking, counts alone).
   */
  async open(entry: ArchiveEntry, counts = true): Promise<Readable> {
    const source = await openEntry(this.zip, entry.raw);
    // yauzl starts inflating at once and reports a failure by emitting it: kept on the stream (which
    // the reader meets when it starts reading), never thrown for want of a listener
    source.on('error', (error) => {
      if (!source.destroyed) source.destroy(error);
    });
    const { maxTotalBytes, ratioGuard } = this.limits;
    const count = (bytes: number) => {
      this.unpacked += bytes;
      return this.unpacked;
    };
    // the reader pulls the bytes (yauzl inflates only a buffer's worth ahead), and a reader that stops stops the inflating
    async function* guarded() {
      let bytes = 0;
      try {
        for await (const chunk of source as AsyncIterable<Buffer>) {
          bytes += chunk.length;
          const total = counts ? count(chunk.length) : bytes;
          if (total > maxTotalBytes) throw new ZipRefused('too_large', entry.name);
          if (exceedsRatio(ratioGuard, bytes, entry.compressedSize)) throw new ZipRefused('compression_ratio', entry.name);
          yield chunk;
        }
      } catch (error) {
        throw asRefusal(error, entry.name);
      }
    }
    return Readable.from(guarded(), { objectMode: false });
  }

  /** Bytes unpacked so far by every entry read. */
  get unpackedBytes() {
    return this.unpacked;
  }

  /** A small entry (a manifest) whole, refused past `limit` bytes; not counted in the bytes unpacked. */
  async read(entry: ArchiveEntry, limit: number): Promise<Buffer> {
    if (entry.size > limit) throw new ZipRefused('too_large', entry.name);
    const chunks: Buffer[] = [];
    await drain(await this.open(entry, false), limit, entry.name, chunks).catch((error: unknown) => {
      throw asRefusal(error, entry.name);
    });
    return Buffer.concat(chunks);
  }

  /**
   * Every file (not folder) in the archive's order, each inflating into `visit`, which must read
   * its stream to the end (e.g. store it); a refusal of the stream fails `visit` with it, and the
   * walk stops at the first failure.
   */
  async forEachFile(visit: (entry: ArchiveEntry, stream: Readable) => Promise<void>): Promise<void> {
    for (const entry of this.entries) {
      if (entry.directory) continue;
      await visit(entry, await this.open(entry));
    }
  }

  close() {
    this.zip.close();
  }
}

/** Two entries of one path, or a file whose path another entry uses as a folder: unpacking would lose one. */
function refuseConflicts(entries: readonly ArchiveEntry[]) {
  const files = new Set<string>();
  const folders = new Set<string>();
  for (const entry of entries) {
    if (!entry.directory) {
      if (files.has(entry.name)) throw new ZipRefused('name_conflict', entry.name);
      files.add(entry.name);
    }
    const segments = entry.name.split('/');
    for (let depth = entry.directory ? segments.length : segments.length - 1; depth > 0; depth--) {
      folders.add(segments.slice(0, depth).join('/'));
    }
  }
  for (const file of files) if (folders.has(file)) throw new ZipRefused('name_conflict', file);
}
