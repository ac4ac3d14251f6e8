import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { translate } from '../../i18n/messages.js';
import { S3Storage } from '../../plugins/s3-storage.js';
import { type ByteRange, DiskStorage, type Storage } from '../../plugins/storage.js';
import { garbageCollector } from '../../test/memory.js';
import { startS3 } from '../../test/s3.js';
import { scormManifest, scormPackage } from '../../test/scorm-packages.js';
import { deflatedZeros, type TestZipEntry, unicodePathField, zipOf } from '../../test/zip.js';
import { type PackageLimits, unpackPackage } from './package-archive.js';

const LIMITS: PackageLimits = { maxEntries: 20_000, maxUnpackedBytes: 500_000_000 };

let root: string;
let storage: DiskStorage;
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'oqu-scorm-'));
  storage = new DiskStorage(root);
});
afterAll(() => fs.rm(root, { recursive: true, force: true }));

const name = () => randomBytes(12).toString('hex');

async function keysUnder(store: Storage, prefix: string) {
  const keys: string[] = [];
  for await (const { key } of store.list(`${prefix}/`)) keys.push(key.slice(prefix.length + 1));
  return keys.sort();
}

async function stored(store: Storage, key: string) {
  const found = await store.read(key);
  return found ? buffer(found.stream) : null;
}

/** Stores `zip` as an upload and unpacks it under a new prefix. */
async function unpack(zip: Buffer, limits = LIMITS, store: Storage = storage) {
  const zipKey = `scorm/${name()}.zip`;
  await store.put(zipKey, zip);
  const prefix = `scorm/${name()}`;
  const result = await unpackPackage(store, zipKey, prefix, limits).then(
    (unpacked) => ({ unpacked, error: null }),
    (error: unknown) => ({ unpacked: null, error }),
  );
  return { ...result, prefix, keys: await keysUnder(store, prefix) };
}

/** The refusal of `zip`: its message key, its parameters and its English text; nothing is left under its prefix. */
async function refusal(zip: Buffer, limits = LIMITS) {
  const { error, keys } = await unpack(zip, limits);
  expect(error).toBeInstanceOf(AppError);
  const refused = error as AppError;
  expect(refused.statusCode).toBe(422);
  expect(keys).toEqual([]);
  return { key: refused.key, params: refused.params, en: translate(refused.key, 'en', refused.params) };
}

const manifestEntry = (launch = 'index.html'): TestZipEntry => ({
  name: 'imsmanifest.xml',
  content: Buffer.from(scormManifest('2004', 'Course', launch, [launch])),
});
const page = (entryName: string, text = '<p>page</p>'): TestZipEntry => ({ name: entryName, content: Buffer.from(text) });

describe('unpackPackage', () => {
  it('unpacks a SCORM 1.2 package and gives its launch', async () => {
    const zip = scormPackage({ version: '1.2', title: 'Охрана труда' });
    const { unpacked, error, keys, prefix } = await unpack(zip);
    expect(error).toBeNull();
    expect(unpacked).toMatchObject({ version: '1.2', launch: 'index.html', launchFile: 'index.html', title: 'Охрана труда', entries: 2 });
    expect(keys).toEqual(['imsmanifest.xml', 'index.html']);
    const sco = await stored(storage, `${prefix}/index.html`);
    expect(sco?.toString()).toContain("api.LMSSetValue('cmi.core.lesson_status', 'passed')");
    expect(unpacked?.unpackedBytes).toBe(sco!.length + (await stored(storage, `${prefix}/imsmanifest.xml`))!.length);
  });

  it('unpacks a SCORM 2004 package with folders and a launch with parameters', async () => {
    const image = randomBytes(300_000);
    const zip = scormPackage({
      version: '2004',
      launch: 'course/start.html?lang=ru',
      files: [
        { path: 'course/start.html', content: '<p>start</p>' },
        { path: 'course/media/picture.png', content: image },
      ],
    });
    const { unpacked, keys, prefix } = await unpack(zip);
    expect(unpacked).toMatchObject({ version: '2004', launch: 'course/start.html?lang=ru', launchFile: 'course/start.html', entries: 3 });
    expect(keys).toEqual(['course/media/picture.png', 'course/start.html', 'imsmanifest.xml']);
    expect((await stored(storage, `${prefix}/course/media/picture.png`))?.equals(image)).toBe(true);
  });

  it('decodes names written in CP866 without the UTF-8 flag, as Russian tools write them', async () => {
    const zip = scormPackage({
      version: '2004',
      launch: 'уроки/начало урока.html',
      nameEncoding: 'cp866',
      files: [
        { path: 'уроки/начало урока.html', content: '<p>Начало</p>' },
        { path: 'уроки/рисунок.png', content: Buffer.from('png') },
      ],
    });
    const { unpacked, keys, prefix } = await unpack(zip);
    expect(keys).toEqual(['imsmanifest.xml', 'уроки/начало урока.html', 'уроки/рисунок.png']);
    expect(unpacked?.launchFile).toBe('уроки/начало урока.html');
    expect(unpacked?.launch).toBe(`${encodeURIComponent('уроки')}/${encodeURIComponent('начало урока.html')}`);
    expect((await stored(storage, `${prefix}/уроки/начало урока.html`))?.toString()).toBe('<p>Начало</p>');
  });

  it('takes a name from the Info-ZIP Unicode Path field over the header’s own bytes', async () => {
    const raw = Buffer.from('lesson?.html', 'latin1');
    const zip = zipOf([
      manifestEntry('урок.html'),
      { name: 'урок.html', rawName: raw, extra: unicodePathField(raw, 'урок.html'), content: Buffer.from('<p>урок</p>') },
    ]);
    const { unpacked, keys } = await unpack(zip);
    expect(keys).toEqual(['imsmanifest.xml', 'урок.html']);
    expect(unpacked?.launchFile).toBe('урок.html');
  });

  it('refuses what is not a zip, or a damaged one', async () => {
    expect((await refusal(randomBytes(5000))).key).toBe('scorm_not_zip');
    expect((await refusal(Buffer.alloc(0))).key).toBe('scorm_not_zip');
    const zip = scormPackage({ version: '1.2' });
    // the central directory cut off
    expect((await refusal(zip.subarray(0, zip.length - 40))).key).toBe('scorm_not_zip');
    // an entry's deflate data garbled after its headers
    const garbled = zipOf([manifestEntry(), { name: 'index.html', deflated: Buffer.from([0xff, 0xff, 0xff, 0xff]), declaredSize: 10 }]);
    expect(await refusal(garbled)).toMatchObject({ key: 'scorm_not_zip' });
  });

  it('refuses a zip without imsmanifest.xml at its root', async () => {
    const nested = zipOf([{ ...manifestEntry(), name: 'course/imsmanifest.xml' }, page('index.html')]);
    const refused = await refusal(nested);
    expect(refused.key).toBe('scorm_no_manifest');
    expect(refused.en).toBe('There is no imsmanifest.xml at the root of the archive: this is not a SCORM package');
  });

  it('refuses a manifest that is not XML, one with no SCO, and one whose launch file is not in the zip', async () => {
    expect((await refusal(zipOf([{ name: 'imsmanifest.xml', content: Buffer.from('<manifest><oops>') }, page('index.html')]))).key).toBe(
      'scorm_manifest_unreadable',
    );
    const assetOnly = scormManifest('1.2', 'T', 'index.html', []).replace('adlcp:scormtype="sco"', 'adlcp:scormtype="asset"');
    expect((await refusal(zipOf([{ name: 'imsmanifest.xml', content: Buffer.from(assetOnly) }, page('index.html')]))).key).toBe(
      'scorm_no_sco',
    );
    expect(await refusal(zipOf([manifestEntry('start.html'), page('index.html')]))).toMatchObject({
      key: 'scorm_launch_missing',
      params: { entry: 'start.html' },
    });
  });

  it.each([
    ['a climb out with ../', '../evil.html'],
    ['a climb out from a folder', 'course/../../evil.html'],
    ['a backslash', 'course\\..\\evil.html'],
    ['a drive letter', 'C:/Windows/evil.html'],
    ['an absolute path', '/etc/evil.html'],
  ])('refuses an entry with %s, naming it', async (_what, entryName) => {
    const refused = await refusal(zipOf([manifestEntry(), page('index.html'), page(entryName)]));
    expect(refused.key).toBe('scorm_unsafe_path');
    expect(refused.params).toEqual({ entry: entryName });
    expect(refused.en).toContain(`“${entryName}”`);
  });

  it('refuses a symbolic link and an encrypted entry, naming them', async () => {
    const link = zipOf([manifestEntry(), page('index.html'), { name: 'passwd', content: Buffer.from('/etc/passwd'), unixMode: 0o120777 }]);
    expect(await refusal(link)).toMatchObject({ key: 'scorm_symlink', params: { entry: 'passwd' } });
    const secret = zipOf([manifestEntry(), { ...page('index.html'), encrypted: true }]);
    expect(await refusal(secret)).toMatchObject({ key: 'scorm_encrypted', params: { entry: 'index.html' } });
  });

  it('refuses two entries of one path', async () => {
    expect(await refusal(zipOf([manifestEntry(), page('index.html'), page('index.html')]))).toMatchObject({
      key: 'scorm_name_conflict',
      params: { entry: 'index.html' },
    });
  });

  it('refuses a zip bomb by its compression ratio before inflating it: 200 MiB of zeros in 200 KB', async () => {
    const bomb = zipOf([manifestEntry(), page('index.html'), { name: 'video.mp4', deflated: deflatedZeros(200), declaredSize: 200 << 20 }]);
    const started = performance.now();
    const refused = await refusal(bomb);
    expect(refused).toMatchObject({ key: 'scorm_compression_ratio', params: { entry: 'video.mp4', ratio: 100 } });
    expect(performance.now() - started).toBeLessThan(1000);
    // under 1 MiB a high ratio is no bomb: a page of blanks passes
    const blanks = zipOf([manifestEntry(), page('index.html', ' '.repeat(500_000))]);
    expect((await unpack(blanks)).error).toBeNull();
  });

  it('stops an entry that inflates past the size it declares, removing the files already written', async () => {
    // the manifest and the page are stored before the lying entry is reached
    const lying = zipOf([manifestEntry(), page('index.html'), { name: 'data.bin', deflated: deflatedZeros(1024), declaredSize: 100 }]);
    const started = performance.now();
    expect(await refusal(lying)).toMatchObject({ key: 'scorm_entry_damaged', params: { entry: 'data.bin' } });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses more entries than allowed', async () => {
    const pages = Array.from({ length: 5 }, (_, index) => page(`page${index}.html`));
    const refused = await refusal(zipOf([manifestEntry(), page('index.html'), ...pages]), { ...LIMITS, maxEntries: 6 });
    expect(refused).toMatchObject({ key: 'scorm_too_many_entries', params: { max: 6 } });
    expect(refused.en).toBe('The archive holds more than 6 files');
    expect((await unpack(zipOf([manifestEntry(), page('index.html'), ...pages]), { ...LIMITS, maxEntries: 7 })).error).toBeNull();
  });

  it('refuses a package that unpacks past the cap', async () => {
    const zip = zipOf([manifestEntry(), page('index.html'), { name: 'video.mp4', content: randomBytes(2_000_000), stored: true }]);
    expect(await refusal(zip, { ...LIMITS, maxUnpackedBytes: 2_000_000 })).toMatchObject({ key: 'scorm_too_large', params: { max: 2 } });
    expect((await unpack(zip, { ...LIMITS, maxUnpackedBytes: 3_000_000 })).error).toBeNull();
  });

  it('passes a failure of the store on as it is, and removes what was written', async () => {
    const outage = new Error('the disk is full');
    const failing: Storage = Object.assign(Object.create(storage) as Storage, {
      put: (key: string, body: Buffer) => (key.endsWith('/page7.html') ? Promise.reject(outage) : storage.put(key, body)),
    });
    const files = [
      { path: 'index.html', content: '<p>start</p>' },
      ...Array.from({ length: 20 }, (_, i) => ({ path: `pages/page${i}.html`, content: 'x' })),
    ];
    const { error, keys } = await unpack(scormPackage({ version: '1.2', files }), LIMITS, failing);
    expect(error).toBe(outage);
    expect(keys).toEqual([]);
  });

  it('unpacks into an S3 bucket alike, Cyrillic paths included, and leaves nothing there when refused', async () => {
    const s3 = await startS3();
    try {
      const bucket = new S3Storage({
        endpoint: s3.endpoint,
        region: 'us-east-1',
        bucket: s3.bucket,
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
        forcePathStyle: true,
        prefix: 'oqu/',
      });
      const zip = scormPackage({
        version: '2004',
        launch: 'уроки/начало.html',
        nameEncoding: 'cp866',
        files: [
          { path: 'уроки/начало.html', content: '<p>Начало</p>' },
          { path: 'media/clip.bin', content: randomBytes(1_500_000) },
        ],
      });
      const { unpacked, keys, prefix } = await unpack(zip, LIMITS, bucket);
      expect(unpacked).toMatchObject({ version: '2004', launchFile: 'уроки/начало.html', entries: 3 });
      expect(keys).toEqual(['imsmanifest.xml', 'media/clip.bin', 'уроки/начало.html']);
      expect((await stored(bucket, `${prefix}/уроки/начало.html`))?.toString()).toBe('<p>Начало</p>');

      const lying = zipOf([manifestEntry(), page('index.html'), { name: 'data.bin', deflated: deflatedZeros(64), declaredSize: 100 }]);
      const refused = await unpack(lying, LIMITS, bucket);
      expect((refused.error as AppError).key).toBe('scorm_entry_damaged');
      expect(refused.keys).toEqual([]);
    } finally {
      await s3.stop();
    }
  }, 60_000);

  it('answers any damaged package with a refusal or an unpacking, never another error, and leaves nothing when refusing', async () => {
    const sound = scormPackage({
      version: '2004',
      files: [
        { path: 'index.html', content: '<p>start</p>'.repeat(50) },
        { path: 'уроки/шаг.html', content: 'x'.repeat(3000) },
      ],
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat(sound.length - 1), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }),
        async (changes) => {
          const damaged = Buffer.from(sound);
          for (const [offset, byte] of changes) damaged[offset] = byte;
          const { error, keys } = await unpack(damaged);
          if (error === null) return;
          expect(error).toBeInstanceOf(AppError);
          expect((error as AppError).statusCode).toBe(422);
          expect(keys).toEqual([]);
        },
      ),
      { numRuns: 150, timeout: 5000 },
    );
  }, 60_000);

  it('reads the stored zip by ranges, in a few requests, never whole', async () => {
    const reads: (ByteRange | undefined)[] = [];
    const counting: Storage = Object.assign(Object.create(storage) as Storage, {
      read: (key: string, range?: ByteRange) => {
        if (key.endsWith('.zip')) reads.push(range);
        return storage.read(key, range);
      },
    });
    const files = [
      ...Array.from({ length: 300 }, (_, index) => ({ path: `pages/page${index}.html`, content: `<p>page ${index}</p>` })),
      { path: 'media/video.mp4', content: randomBytes(3_000_000) },
      { path: 'index.html', content: '<p>start</p>' },
    ];
    const zip = scormPackage({ version: '2004', files });
    const { unpacked, keys } = await unpack(zip, LIMITS, counting);
    expect(unpacked?.entries).toBe(303);
    expect(keys).toHaveLength(303);
    expect(reads.length).toBeGreaterThan(0);
    for (const range of reads) {
      expect(range).toBeDefined();
      expect(range!.end - range!.start + 1).toBeLessThan(zip.length);
    }
    // the central directory and the small files come in blocks: far fewer requests than entries
    expect(reads.length).toBeLessThan(20);
  });

  it('unpacks a 50 MB package with its memory growing by little', async () => {
    const chunk = randomBytes(10 * 1024 * 1024);
    const zipKey = `scorm/${name()}.zip`;
    // the package is made and stored before measuring; its buffers are garbage by then
    await storage.put(
      zipKey,
      scormPackage({
        version: '1.2',
        stored: true,
        files: [
          { path: 'index.html', content: '<p>start</p>' },
          ...Array.from({ length: 5 }, (_, index) => ({
            path: `media/part${index}.bin`,
            content: Buffer.concat([Buffer.from([index]), chunk]),
          })),
        ],
      }),
    );
    // a first, small unpacking loads the code; the growth measured then is what unpacking holds
    await unpack(scormPackage({ version: '1.2' }));
    const collect = garbageCollector();
    collect();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    // buffers live outside the heap: `arrayBuffers` counts them, and drops as soon as they are collected
    // (RSS keeps pages the allocator freed, so it shows growth only past what earlier tests left)
    const held = (usage: NodeJS.MemoryUsage) => usage.heapUsed + usage.arrayBuffers;
    let peakHeld = held(before);
    let samples = 0;
    const sampler = setInterval(() => {
      if (++samples % 5 === 0) collect();
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeld = Math.max(peakHeld, held(now));
    }, 10);
    const prefix = `scorm/${name()}`;
    let unpackedBytes = 0;
    try {
      ({ unpackedBytes } = await unpackPackage(storage, zipKey, prefix, LIMITS));
    } finally {
      clearInterval(sampler);
    }
    expect(unpackedBytes).toBeGreaterThan(50 * 1024 * 1024);
    expect((await stored(storage, `${prefix}/media/part4.bin`))?.subarray(1).equals(chunk)).toBe(true);
    const rss = (peakRss - before.rss) / 1024 / 1024;
    const heldGrowth = (peakHeld - held(before)) / 1024 / 1024;
    console.info(`unpacking a 50 MB package: RSS grew by ${rss.toFixed(1)} MB, heap and buffers by ${heldGrowth.toFixed(1)} MB`);
    // reading the package whole would hold its 50 MB at least; garbage between the sampler's
    // collections counts too (22 MB seen once with the suite's other files busy on both cores)
    expect(rss).toBeLessThan(32);
    expect(heldGrowth).toBeLessThan(32);
  }, 60_000);
});
