import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import yauzl, { type Entry } from 'yauzl';
import { scormPackage } from './scorm-packages.js';

interface ReadEntry {
  name: string;
  utf8: boolean;
  content: Buffer;
}

/** Every entry of a zip as yauzl reads it, with the raw name decoded as the test asks. */
async function entries(zip: Buffer, decode: (raw: Buffer) => string = (raw) => raw.toString('utf8')): Promise<ReadEntry[]> {
  const file = await yauzl.fromBufferPromise(zip, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true });
  const read: ReadEntry[] = [];
  await new Promise<void>((resolve, reject) => {
    file.on('entry', (entry: Entry) => {
      file.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        buffer(stream).then((content) => {
          const raw = entry.fileName as unknown as Buffer;
          read.push({ name: decode(raw), utf8: (entry.generalPurposeBitFlag & 0x800) !== 0, content });
          file.readEntry();
        }, reject);
      });
    });
    file.on('end', resolve).on('error', reject);
    file.readEntry();
  });
  return read;
}

describe('scormPackage', () => {
  it('writes a SCORM 1.2 package: its manifest at the root and a SCO that completes itself through window.API', async () => {
    const read = await entries(scormPackage({ version: '1.2', title: 'Охрана труда' }));
    expect(read.map((entry) => entry.name)).toEqual(['imsmanifest.xml', 'index.html']);
    const manifest = read[0].content.toString();
    expect(manifest).toContain('xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"');
    expect(manifest).toContain('adlcp:scormtype="sco" href="index.html"');
    expect(manifest).toContain('<schemaversion>1.2</schemaversion>');
    expect(manifest).toContain('<title>Охрана труда</title>');
    const sco = read[1].content.toString();
    expect(sco).toContain("var name = 'API'");
    expect(sco).toContain("api.LMSSetValue('cmi.core.lesson_status', 'passed')");
    expect(sco).toContain("api.LMSSetValue('cmi.core.score.raw', '80')");
    expect(sco).toContain("api.LMSFinish('')");
    expect(read.every((entry) => entry.utf8)).toBe(true);
  });

  it('writes a SCORM 2004 4th edition package whose SCO uses window.API_1484_11, with its files and launch', async () => {
    const read = await entries(
      scormPackage({
        version: '2004',
        launch: 'course/start.html?lang=ru',
        score: 95,
      }),
    );
    expect(read.map((entry) => entry.name)).toEqual(['imsmanifest.xml', 'course/start.html']);
    const manifest = read[0].content.toString();
    expect(manifest).toContain('xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"');
    expect(manifest).toContain('adlcp:scormType="sco" href="course/start.html?lang=ru"');
    expect(manifest).toContain('<schemaversion>2004 4th Edition</schemaversion>');
    const sco = read[1].content.toString();
    expect(sco).toContain("var name = 'API_1484_11'");
    expect(sco).toContain("api.SetValue('cmi.completion_status', 'completed')");
    expect(sco).toContain("api.SetValue('cmi.success_status', 'passed')");
    expect(sco).toContain("api.SetValue('cmi.score.scaled', '0.95')");
    expect(sco).toContain("api.Terminate('')");
  });

  it('writes names in CP866 without the UTF-8 flag when asked, as Russian archivers do', async () => {
    const zip = scormPackage({
      version: '2004',
      launch: 'уроки/начало.html',
      nameEncoding: 'cp866',
      files: [
        { path: 'уроки/начало.html', content: '<p>Начало</p>' },
        { path: 'уроки/картинка.png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
      ],
    });
    const read = await entries(zip, (raw) => new TextDecoder('ibm866').decode(raw));
    expect(read.map((entry) => entry.name)).toEqual(['imsmanifest.xml', 'уроки/начало.html', 'уроки/картинка.png']);
    expect(read.some((entry) => entry.utf8)).toBe(false);
    expect(read[2].content).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    // the bytes are CP866's, not UTF-8's: `у` is 0xE3 there
    expect((await entries(zip, (raw) => raw.toString('hex')))[1].name.startsWith('e3')).toBe(true);
  });
});
