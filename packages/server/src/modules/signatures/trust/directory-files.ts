import fs from 'node:fs/promises';
import path from 'node:path';

interface Parsed<T> {
  mtimeMs: number;
  ctimeMs: number;
  size: number;
  items: T[];
  /** why the file holds nothing we can use, when it does not */
  failure: string | null;
}

/** A file that was read but could not be parsed: what the server says about it on /api/health/ready. */
export interface FileFailure {
  file: string;
  error: string;
}

/** Written aside before a rename (`x.crl.tmp`), or hidden: not read until it takes its place. */
const isPartial = (name: string) => name.startsWith('.') || name.endsWith('.tmp');

/**
 * The files of some directories, each read and parsed once and again whenever it changes: every
 * `read()` lists the directories and compares each file's size and modification time with what
 * was parsed, so a CRL that cron replaced, or an authority an administrator added, counts at the
 * next read without a restart. Reads run one after another, so two callers never parse one file
 * twice. A directory that does not exist holds nothing.
 */
export class DirectoryFiles<T> {
  private readonly parsed = new Map<string, Parsed<T>>();
  private reading: Promise<unknown> = Promise.resolve();

  constructor(
    readonly directories: string[],
    /** what one file holds; throws when it holds nothing of the kind, and the file is skipped */
    private readonly parse: (bytes: Buffer, file: string) => T[] | Promise<T[]>,
    /** told once for each version of a file that could not be parsed */
    private readonly onFailure: (failure: FileFailure) => void = () => {},
  ) {}

  read(): Promise<T[]> {
    const done = this.reading.then(() => this.readNow());
    this.reading = done.catch(() => {});
    return done;
  }

  /** The files whose current version could not be parsed (as of the last read). */
  failures(): FileFailure[] {
    return [...this.parsed].flatMap(([file, entry]) => (entry.failure ? [{ file, error: entry.failure }] : []));
  }

  private async readNow(): Promise<T[]> {
    const seen = new Set<string>();
    const items: T[] = [];
    for (const directory of this.directories) {
      const names = await fs.readdir(directory).catch(() => [] as string[]);
      for (const name of names.sort()) {
        if (isPartial(name)) continue;
        const file = path.join(directory, name);
        const stat = await fs.stat(file).catch(() => null);
        if (!stat?.isFile()) continue;
        seen.add(file);
        let entry = this.parsed.get(file);
        if (!entry || entry.mtimeMs !== stat.mtimeMs || entry.ctimeMs !== stat.ctimeMs || entry.size !== stat.size) {
          const bytes = await fs.readFile(file).catch(() => null);
          entry = { mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs, size: stat.size, ...(await this.tryParse(bytes, file)) };
          this.parsed.set(file, entry);
        }
        items.push(...entry.items);
      }
    }
    for (const file of this.parsed.keys()) if (!seen.has(file)) this.parsed.delete(file);
    return items;
  }

  private async tryParse(bytes: Buffer | null, file: string): Promise<Pick<Parsed<T>, 'items' | 'failure'>> {
    try {
      if (!bytes) throw new Error('cannot read the file');
      return { items: await this.parse(bytes, file), failure: null };
    } catch (error) {
      const failure = error instanceof Error ? error.message : String(error);
      this.onFailure({ file, error: failure });
      return { items: [], failure };
    }
  }
}

/**
 * The DER objects of a file: its PEM blocks with this label ("CERTIFICATE", "X509 CRL"), any number
 * of them, or the whole file when it is not PEM.
 */
export function derObjectsOf(bytes: Buffer, label: string): Uint8Array<ArrayBuffer>[] {
  // a national CRL is tens of megabytes of DER: looked into as bytes, not turned into text
  if (!bytes.includes('-----BEGIN ')) return [new Uint8Array(bytes)];
  const text = bytes.toString('latin1');
  const blocks = text.matchAll(new RegExp(`-----BEGIN ${label}-----([A-Za-z0-9+/=\\s]+)-----END ${label}-----`, 'g'));
  return Array.from(blocks, (block) => new Uint8Array(Buffer.from(block[1].replace(/\s+/g, ''), 'base64')));
}
