import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The files of some directories, each read and parsed once and again whenever it changes: every
 * `read()` lists the directories and compares each file's size and modification time with what
 * was parsed, so a CRL that cron replaced, or an authority an administrator added, counts at the
 * next signature without a restart. A directory that does not exist holds nothing.
 */
export class DirectoryFiles<T> {
  private readonly parsed = new Map<string, { mtimeMs: number; ctimeMs: number; size: number; items: T[] }>();

  constructor(
    readonly directories: string[],
    /** what one file holds; throws when it holds nothing of the kind, and the file is skipped */
    private readonly parse: (bytes: Buffer, file: string) => T[],
  ) {}

  async read(): Promise<T[]> {
    const seen = new Set<string>();
    const items: T[] = [];
    for (const directory of this.directories) {
      const names = await fs.readdir(directory).catch(() => [] as string[]);
      for (const name of names.sort()) {
        const file = path.join(directory, name);
        const stat = await fs.stat(file).catch(() => null);
        if (!stat?.isFile()) continue;
        seen.add(file);
        let entry = this.parsed.get(file);
        if (!entry || entry.mtimeMs !== stat.mtimeMs || entry.ctimeMs !== stat.ctimeMs || entry.size !== stat.size) {
          const bytes = await fs.readFile(file).catch(() => null);
          entry = { mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs, size: stat.size, items: bytes ? this.tryParse(bytes, file) : [] };
          this.parsed.set(file, entry);
        }
        items.push(...entry.items);
      }
    }
    for (const file of this.parsed.keys()) if (!seen.has(file)) this.parsed.delete(file);
    return items;
  }

  private tryParse(bytes: Buffer, file: string): T[] {
    try {
      return this.parse(bytes, file);
    } catch {
      // a README, a half-written download: not ours to refuse signatures over
      return [];
    }
  }
}

/**
 * The DER objects of a file: its PEM blocks with this label ("CERTIFICATE", "X509 CRL"), any number
 * of them, or the whole file when it is not PEM.
 */
export function derObjectsOf(bytes: Buffer, label: string): Uint8Array<ArrayBuffer>[] {
  const text = bytes.toString('latin1');
  if (!text.includes('-----BEGIN ')) return [new Uint8Array(bytes)];
  const blocks = text.matchAll(new RegExp(`-----BEGIN ${label}-----([A-Za-z0-9+/=\\s]+)-----END ${label}-----`, 'g'));
  return Array.from(blocks, (block) => new Uint8Array(Buffer.from(block[1].replace(/\s+/g, ''), 'base64')));
}
