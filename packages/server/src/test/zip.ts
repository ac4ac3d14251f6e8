import { buffer } from 'node:stream/consumers';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import yauzl, { type Entry } from 'yauzl';

/**
 * A zip writer for tests that lies on request: each entry may declare another size than its
 * content has, carry raw deflate data made elsewhere, or claim to be a symlink or encrypted.
 */
export interface TestZipEntry {
  name: string;
  /** The content, deflated by the writer (or stored with `stored`). */
  content?: Buffer;
  /** Deflate data as it goes into the archive, instead of `content`. */
  deflated?: Buffer;
  /** The unpacked size both headers declare; by default the content's real size. */
  declaredSize?: number;
  stored?: boolean;
  /** A Unix mode made by a Unix zipper (e.g. 0o120777 for a symlink). */
  unixMode?: number;
  encrypted?: boolean;
  /** The name's bytes as written, instead of `name` in UTF-8; the UTF-8 flag is then left unset. */
  rawName?: Buffer;
  /** Extra fields as written in both headers (e.g. an Info-ZIP Unicode Path field, 0x7075). */
  extra?: Buffer;
}

export function zipOf(entries: TestZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = entry.rawName ?? Buffer.from(entry.name);
    const extra = entry.extra ?? Buffer.alloc(0);
    const content = entry.content ?? Buffer.alloc(0);
    const data = entry.deflated ?? (entry.stored ? content : deflateRawSync(content));
    const method = entry.stored ? 0 : 8;
    const size = entry.declaredSize ?? content.length;
    const flags = (entry.rawName ? 0 : 0x800) | (entry.encrypted ? 1 : 0);
    const crc = crc32(content);

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(extra.length, 28);
    locals.push(local, name, extra, data);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(entry.unixMode === undefined ? 20 : (3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt16LE(extra.length, 30);
    central.writeUInt32LE(((entry.unixMode ?? 0) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name, extra);
    offset += local.length + name.length + extra.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** CP866 (DOS Cyrillic), as Russian archivers write names: every byte from 0x80 up, by the character it stands for. */
const CP866 = new Map(
  Array.from(new TextDecoder('ibm866').decode(Uint8Array.from({ length: 128 }, (_, i) => 128 + i)), (char, i) => [char, 128 + i]),
);

/** `text` in CP866; throws on a character CP866 cannot write. */
export function cp866(text: string): Buffer {
  return Buffer.from(
    Array.from(text, (char) => {
      const code = char.charCodeAt(0);
      const byte = code < 128 ? code : CP866.get(char);
      if (byte === undefined) throw new Error(`CP866 has no ${char}`);
      return byte;
    }),
  );
}

/** An Info-ZIP Unicode Path extra field (0x7075): the UTF-8 name for a header whose own name is `rawName`. */
export function unicodePathField(rawName: Buffer, name: string): Buffer {
  const utf8 = Buffer.from(name);
  const field = Buffer.alloc(9 + utf8.length);
  field.writeUInt16LE(0x7075, 0);
  field.writeUInt16LE(5 + utf8.length, 2);
  field.writeUInt8(1, 4);
  field.writeUInt32LE(crc32(rawName), 5);
  utf8.copy(field, 9);
  return field;
}

/**
 * Raw deflate data that inflates to `megabytes` MiB of zeros, made without ever holding them: one
 * MiB deflated and flushed to a byte boundary (so it depends on nothing before it), repeated, then
 * an empty final block. About 1 KiB per MiB.
 */
export function deflatedZeros(megabytes: number): Buffer {
  const mebibyte = deflateRawSync(Buffer.alloc(1 << 20), { finishFlush: constants.Z_FULL_FLUSH });
  const finalBlock = Buffer.from([0x03, 0x00]);
  return Buffer.concat([...Array.from({ length: megabytes }, () => mebibyte), finalBlock]);
}

/** Every entry of a genuine archive with its content, to rebuild it with `zipOf` and a lie or two. */
export async function entriesOf(data: Buffer): Promise<TestZipEntry[]> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(data, { lazyEntries: true }, (error, opened) => (error ? reject(error) : resolve(opened))),
  );
  const entries: TestZipEntry[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        buffer(stream).then((content) => {
          entries.push({ name: entry.fileName, content });
          zip.readEntry();
        }, reject);
      });
    });
    zip.on('end', resolve).on('error', reject);
    zip.readEntry();
  });
  return entries;
}

/**
 * The zip bomb of the question import: a real workbook whose `xl/workbook.xml` declares 100 bytes
 * in both headers but inflates to `megabytes` MiB. About 1 MB for a GiB.
 */
export async function workbookBomb(workbook: Buffer, megabytes = 1024): Promise<Buffer> {
  const entries = await entriesOf(workbook);
  return zipOf(
    entries.map((entry) =>
      entry.name === 'xl/workbook.xml' ? { name: entry.name, deflated: deflatedZeros(megabytes), declaredSize: 100 } : entry,
    ),
  );
}
