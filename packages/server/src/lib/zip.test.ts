import { describe, expect, it } from 'vitest';
import { deflatedZeros, zipOf } from '../test/zip.js';
import { inspectZip, type ZipLimits, ZipRefused } from './zip.js';

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
