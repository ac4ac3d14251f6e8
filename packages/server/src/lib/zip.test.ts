import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { cp866, deflatedZeros, unicodePathField, zipOf } from '../test/zip.js';
import {
  type ArchiveLimits,
  entryName,
  inspectZip,
  isSafeEntryPath,
  RangeArchive,
  type ReadRange,
  type ZipLimits,
  ZipRefused,
} from './zip.js';

const LIMITS: ZipLimits = { maxEntries: 5, maxEntryBytes: 1 << 20, maxTotalBytes: (1 << 20) + 1000 };
const text = (content: string) => Buffer.from(content);

async function refusal(data: Buffer, limits = LIMITS): Promise<ZipRefused> {
  const error = await inspectZip(data, limits).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ZipRefused);
  return error as ZipRefused;
}

describe('inspectZip', () => {
  it('lists the entries of a sound archive with the bytes each unpacked to, deflated or stored', async () => {
    const data = zipOf([
      { name: 'imsmanifest.xml', content: text('<manifest/>') },
      { name: 'content/index.html', content: text('<p>Привет</p>'), stored: true },
      { name: 'content/empty.txt' },
      { name: 'zeros.bin', deflated: deflatedZeros(1), declaredSize: 1 << 20 },
    ]);
    expect(await inspectZip(data, LIMITS)).toEqual([
      { name: 'imsmanifest.xml', size: 11 },
      { name: 'content/index.html', size: 19 },
      { name: 'content/empty.txt', size: 0 },
      { name: 'zeros.bin', size: 1 << 20 },
    ]);
  });

  it('stops an entry that inflates past the size it declares at once: a GiB declared as 100 bytes', async () => {
    const bomb = zipOf([{ name: 'xl/workbook.xml', deflated: deflatedZeros(1024), declaredSize: 100 }]);
    const started = performance.now();
    const error = await refusal(bomb, { ...LIMITS, maxEntryBytes: 2 ** 31, maxTotalBytes: 2 ** 31 });
    expect([error.problem, error.entry]).toEqual(['size_mismatch', 'xl/workbook.xml']);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('refuses an entry that unpacks to fewer bytes than it declares, deflated or stored', async () => {
    expect((await refusal(zipOf([{ name: 'a.xml', content: text('short'), declaredSize: 1000 }]))).problem).toBe('size_mismatch');
    expect((await refusal(zipOf([{ name: 'a.xml', content: text('short'), declaredSize: 1000, stored: true }]))).problem).toBe(
      'size_mismatch',
    );
  });

  it('refuses by the declared sizes before inflating: one entry past its cap, or all of them past the total', async () => {
    const oneTooBig = zipOf([{ name: 'big.bin', deflated: deflatedZeros(2), declaredSize: 2 << 20 }]);
    expect([(await refusal(oneTooBig)).problem, (await refusal(oneTooBig)).entry]).toEqual(['too_large', 'big.bin']);

    const mebibyte = { deflated: deflatedZeros(1), declaredSize: 1 << 20 };
    const together = zipOf([
      { name: 'one.bin', ...mebibyte },
      { name: 'two.bin', ...mebibyte },
    ]);
    expect([(await refusal(together)).problem, (await refusal(together)).entry]).toEqual(['too_large', 'two.bin']);
    // the same archive passes limits that hold it
    expect(await inspectZip(together, { ...LIMITS, maxTotalBytes: 2 << 20 })).toHaveLength(2);
  });

  it('refuses more entries than allowed before reading any', async () => {
    const entries = Array.from({ length: 6 }, (_, i) => ({ name: `file${i}.txt`, content: text(String(i)) }));
    expect((await refusal(zipOf(entries))).problem).toBe('too_many_entries');
    expect(await inspectZip(zipOf(entries.slice(1)), LIMITS)).toHaveLength(5);
  });

  it('refuses paths that leave the archive’s folder', async () => {
    for (const name of ['../evil.sh', 'content/../../evil.sh', '/etc/passwd', 'C:/Windows/evil.dll', 'content\\..\\..\\evil.sh']) {
      const error = await refusal(
        zipOf([
          { name: 'ok.txt', content: text('ok') },
          { name, content: text('x') },
        ]),
      );
      expect(error.problem, name).toBe('unsafe_path');
    }
  });

  it('refuses symbolic links and encrypted entries', async () => {
    const link = zipOf([{ name: 'content/link', content: text('/etc/passwd'), unixMode: 0o120777 }]);
    expect([(await refusal(link)).problem, (await refusal(link)).entry]).toEqual(['symlink', 'content/link']);
    // a plain Unix file is fine
    expect(await inspectZip(zipOf([{ name: 'content/file', content: text('x'), unixMode: 0o100644 }]), LIMITS)).toHaveLength(1);

    const secret = zipOf([{ name: 'secret.txt', content: text('x'), encrypted: true }]);
    expect((await refusal(secret)).problem).toBe('encrypted');
  });

  it('calls what is not a zip, or a cut one, unreadable', async () => {
    const sound = zipOf([{ name: 'a.txt', content: text('a'.repeat(1000)) }]);
    for (const data of [Buffer.from('not a zip at all'), Buffer.alloc(0), sound.subarray(0, sound.length - 10), sound.subarray(40)]) {
      expect((await refusal(data)).problem).toBe('unreadable');
    }
  });
});

const ARCHIVE_LIMITS: ArchiveLimits = { maxEntries: 10, maxTotalBytes: 4 << 20, ratioGuard: { ratio: 100, afterBytes: 1 << 20 } };

/** Ranges of `data` as a store answers them, each noted in `reads`. */
function rangesOf(data: Buffer, reads: [number, number][] = []): ReadRange {
  return async (start, end) => {
    reads.push([start, end]);
    return Readable.from([data.subarray(start, end)]);
  };
}

async function archiveRefusal(data: Buffer, limits = ARCHIVE_LIMITS): Promise<ZipRefused> {
  const error = await RangeArchive.open(data.length, rangesOf(data), limits).then(
    (archive) => {
      archive.close();
      return null;
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ZipRefused);
  return error as ZipRefused;
}

/** Every file of the archive with its content, read through `forEachFile`. */
async function contents(archive: RangeArchive) {
  const files: Record<string, string> = {};
  await archive.forEachFile(async (entry, stream) => {
    files[entry.name] = (await buffer(stream)).toString();
  });
  return files;
}

describe('entryName', () => {
  it('decodes UTF-8 names, flagged or not, and CP866 ones, to NFC', () => {
    expect(entryName(Buffer.from('уроки/начало.html'), [])).toBe('уроки/начало.html');
    expect(entryName(cp866('уроки/начало.html'), [])).toBe('уроки/начало.html');
    expect(entryName(cp866('ЁЛКИ ПАЛКИ.txt'), [])).toBe('ЁЛКИ ПАЛКИ.txt');
    expect(entryName(Buffer.from('e\u0301.html'), [])).toBe('\u00e9.html');
  });

  it('takes the Info-ZIP Unicode Path field when its checksum matches the header’s name, and ignores it otherwise', () => {
    const raw = Buffer.from('?????.html');
    const field = unicodePathField(raw, 'сабақ.html');
    const parsed = [{ id: 0x7075, data: field.subarray(4) }];
    expect(entryName(raw, parsed)).toBe('сабақ.html');
    expect(entryName(Buffer.from('other.html'), parsed)).toBe('other.html');
  });
});

describe('isSafeEntryPath', () => {
  it('takes plain relative paths and folders', () => {
    for (const path of ['index.html', 'a/b/c.js', 'уроки/', 'a b/c..d.html']) expect(isSafeEntryPath(path), path).toBe(true);
  });

  it('refuses climbs, absolute paths, drive letters, backslashes, empty segments and control characters', () => {
    for (const path of [
      '../a',
      'a/../../b',
      '/etc/passwd',
      'C:/x',
      'c:x',
      'a\\b',
      'a//b',
      './a',
      'a/./b',
      '',
      '/',
      'a\u0000b',
      `${'x'.repeat(256)}`,
    ]) {
      expect(isSafeEntryPath(path), path).toBe(false);
    }
  });
});

describe('RangeArchive', () => {
  it('reads an archive by ranges: its central directory once, then each file as it inflates', async () => {
    const data = zipOf([
      { name: 'imsmanifest.xml', content: text('<manifest/>') },
      { name: 'content/', content: Buffer.alloc(0) },
      { name: 'content/page.html', content: text('<p>Сәлем</p>'), stored: true },
    ]);
    const reads: [number, number][] = [];
    const archive = await RangeArchive.open(data.length, rangesOf(data, reads), ARCHIVE_LIMITS);
    try {
      expect(archive.entries.map((entry) => [entry.name, entry.directory])).toEqual([
        ['imsmanifest.xml', false],
        ['content', true],
        ['content/page.html', false],
      ]);
      expect((await archive.read(archive.entries[0], 100)).toString()).toBe('<manifest/>');
      expect(await contents(archive)).toEqual({ 'imsmanifest.xml': '<manifest/>', 'content/page.html': '<p>Сәлем</p>' });
      // the manifest read whole is not counted among the bytes unpacked
      expect(archive.unpackedBytes).toBe(11 + Buffer.byteLength('<p>Сәлем</p>'));
    } finally {
      archive.close();
    }
    // a small archive is one block: one read of the store
    expect(reads).toEqual([[0, data.length]]);
  });

  it('refuses from the central directory alone: count, unsafe paths, symlinks, encryption, sizes, ratio, conflicts', async () => {
    const many = zipOf(Array.from({ length: 11 }, (_, i) => ({ name: `f${i}`, content: text('x') })));
    expect((await archiveRefusal(many)).problem).toBe('too_many_entries');
    const cases: [Parameters<typeof zipOf>[0], string, string][] = [
      [
        [
          { name: 'ok', content: text('x') },
          { name: '../up', content: text('x') },
        ],
        'unsafe_path',
        '../up',
      ],
      [[{ name: 'a\\b', content: text('x') }], 'unsafe_path', 'a\\b'],
      [[{ name: 'D:/b', content: text('x') }], 'unsafe_path', 'D:/b'],
      [[{ name: 'link', content: text('/'), unixMode: 0o120777 }], 'symlink', 'link'],
      [[{ name: 'secret', content: text('x'), encrypted: true }], 'encrypted', 'secret'],
      [[{ name: 'big', deflated: deflatedZeros(5), declaredSize: 5 << 20 }], 'too_large', 'big'],
      [[{ name: 'bomb', deflated: deflatedZeros(2), declaredSize: 2 << 20 }], 'compression_ratio', 'bomb'],
      [
        [
          { name: 'a', content: text('x') },
          { name: 'a', content: text('y') },
        ],
        'name_conflict',
        'a',
      ],
      [
        [
          { name: 'a', content: text('x') },
          { name: 'a/b', content: text('y') },
        ],
        'name_conflict',
        'a',
      ],
    ];
    for (const [entries, problem, entry] of cases) {
      const refused = await archiveRefusal(zipOf(entries));
      expect([refused.problem, refused.entry], entry).toEqual([problem, entry]);
    }
    expect((await archiveRefusal(Buffer.from('not a zip'))).problem).toBe('unreadable');
  });

  it('fails an entry that inflates past its declared size as it streams, and passes the store’s own failure unchanged', async () => {
    const lying = zipOf([{ name: 'data.bin', deflated: deflatedZeros(64), declaredSize: 100 }]);
    const archive = await RangeArchive.open(lying.length, rangesOf(lying), ARCHIVE_LIMITS);
    const error = await contents(archive).catch((e: unknown) => e);
    archive.close();
    expect(error).toBeInstanceOf(ZipRefused);
    expect([(error as ZipRefused).problem, (error as ZipRefused).entry]).toEqual(['size_mismatch', 'data.bin']);

    const outage = new Error('the bucket is unreachable');
    const failing: ReadRange = async () => {
      throw outage;
    };
    await expect(RangeArchive.open(lying.length, failing, ARCHIVE_LIMITS)).rejects.toBe(outage);
  });

  it('counts the real bytes of all entries against the total', async () => {
    const data = zipOf([
      { name: 'one.bin', content: Buffer.alloc(600_000, 1), stored: true },
      { name: 'two.bin', content: Buffer.alloc(600_000, 2), stored: true },
    ]);
    const archive = await RangeArchive.open(data.length, rangesOf(data), { ...ARCHIVE_LIMITS, maxTotalBytes: 1_200_000 });
    expect(Object.keys(await contents(archive))).toEqual(['one.bin', 'two.bin']);
    expect(archive.unpackedBytes).toBe(1_200_000);
    archive.close();
    await expect(RangeArchive.open(data.length, rangesOf(data), { ...ARCHIVE_LIMITS, maxTotalBytes: 1_199_999 })).rejects.toMatchObject({
      problem: 'too_large',
      entry: 'two.bin',
    });
  });
});
