import { buffer } from 'node:stream/consumers';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import yauzl, { type Entry } from 'yauzl';
import { pagedSco, scormPackage, selfCompletingSco } from './scorm-packages.js';

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

/** An LMS's runtime API as a SCO sees it (1.2 or 2004 names), keeping the CMI data and every call. */
function fakeApi(version: '1.2' | '2004', cmi: Record<string, string> = {}) {
  const calls: string[] = [];
  const note =
    (name: string, answer: (...args: string[]) => string = () => 'true') =>
    (...args: string[]) => {
      calls.push(`${name}(${args.join(', ')})`);
      return answer(...args);
    };
  const get = (element: string) => cmi[element] ?? '';
  const set = (element: string, value: string) => {
    cmi[element] = value;
    return 'true';
  };
  const api =
    version === '1.2'
      ? {
          LMSInitialize: note('Initialize'),
          LMSGetValue: note('GetValue', get),
          LMSSetValue: note('SetValue', set),
          LMSCommit: note('Commit'),
          LMSFinish: note('Finish'),
        }
      : {
          Initialize: note('Initialize'),
          GetValue: note('GetValue', get),
          SetValue: note('SetValue', set),
          Commit: note('Commit'),
          Terminate: note('Finish'),
        };
  return { api, cmi, calls };
}

interface FakeElement {
  textContent: string;
  hidden: boolean;
  attributes: Record<string, string>;
  click(): void;
}

/** Runs a SCO page's script in a window whose parent (the player) holds `api`, with a DOM of its elements by id. */
function runSco(html: string, version: '1.2' | '2004', api: object | null) {
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  const elements = new Map<string, FakeElement>();
  const element = (id: string) => {
    let found = elements.get(id);
    if (!found) {
      const listeners: (() => void)[] = [];
      found = {
        textContent: '',
        hidden: false,
        attributes: {},
        setAttribute(name: string, value: string) {
          this.attributes[name] = value;
        },
        addEventListener(_type: string, listener: () => void) {
          listeners.push(listener);
        },
        click: () => {
          for (const listener of listeners) listener();
        },
      } as FakeElement;
      elements.set(id, found);
    }
    return found;
  };
  const windowListeners: Record<string, (() => void)[]> = {};
  const player: Record<string, unknown> = { [version === '1.2' ? 'API' : 'API_1484_11']: api };
  player.parent = player;
  const window = {
    parent: player,
    opener: null,
    addEventListener: (type: string, listener: () => void) => {
      windowListeners[type] = [...(windowListeners[type] ?? []), listener];
    },
  };
  vm.runInNewContext(script, { window, document: { getElementById: element } });
  const leave = () => {
    for (const listener of windowListeners.pagehide ?? []) listener();
  };
  return { element, leave };
}

describe('the test SCOs', () => {
  it.each(['1.2', '2004'] as const)('a one-page SCORM %s SCO finds the API in its parent and completes with its score', (version) => {
    const { api, cmi, calls } = fakeApi(version);
    const page = runSco(selfCompletingSco(version, 'T', 90), version, api);
    expect(page.element('status').textContent).toBe('completed');
    expect(calls[0]).toBe('Initialize()');
    expect(calls.at(-1)).toBe('Finish()');
    expect(cmi).toEqual(
      version === '1.2'
        ? { 'cmi.core.lesson_status': 'passed', 'cmi.core.score.min': '0', 'cmi.core.score.max': '100', 'cmi.core.score.raw': '90' }
        : {
            'cmi.completion_status': 'completed',
            'cmi.success_status': 'passed',
            'cmi.score.min': '0',
            'cmi.score.max': '100',
            'cmi.score.raw': '90',
            'cmi.score.scaled': '0.9',
          },
    );
  });

  it('says so when no API is found', () => {
    expect(runSco(selfCompletingSco('2004', 'T'), '2004', null).element('status').textContent).toBe('no-api');
  });

  it.each(['1.2', '2004'] as const)('a paged SCORM %s SCO saves each page, resumes at it, and finishes passed', (version) => {
    const location = version === '1.2' ? 'cmi.core.lesson_location' : 'cmi.location';
    const first = fakeApi(version);
    const opened = runSco(pagedSco(version, 'T', 3, 75), version, first.api);
    expect(opened.element('status').textContent).toBe('started');
    expect(opened.element('page').textContent).toBe('Page 1 of 3');
    opened.element('next').click();
    expect(opened.element('page').attributes['data-page']).toBe('2');
    expect(first.cmi[location]).toBe('2');
    expect(first.cmi['cmi.suspend_data']).toBe('[1,2]');
    expect(first.cmi[version === '1.2' ? 'cmi.core.exit' : 'cmi.exit']).toBe('suspend');
    expect(first.cmi[version === '1.2' ? 'cmi.core.lesson_status' : 'cmi.completion_status']).toBe('incomplete');
    opened.leave();
    expect(first.calls.slice(-2)).toEqual(['Commit()', 'Finish()']);

    // opened again with what the LMS kept: it lands on page 2, then goes on to finish
    const again = fakeApi(version, { ...first.cmi });
    const reopened = runSco(pagedSco(version, 'T', 3, 75), version, again.api);
    expect(reopened.element('status').textContent).toBe('resumed');
    expect(reopened.element('page').textContent).toBe('Page 2 of 3');
    reopened.element('next').click();
    expect(reopened.element('finish').hidden).toBe(false);
    expect(reopened.element('next').hidden).toBe(true);
    reopened.element('finish').click();
    expect(reopened.element('status').textContent).toBe('completed');
    if (version === '1.2') {
      expect(again.cmi).toMatchObject({ 'cmi.core.lesson_status': 'passed', 'cmi.core.score.raw': '75', 'cmi.core.exit': '' });
    } else {
      expect(again.cmi).toMatchObject({ 'cmi.completion_status': 'completed', 'cmi.success_status': 'passed', 'cmi.score.scaled': '0.75' });
    }
    expect(again.calls.filter((call) => call === 'Finish()')).toHaveLength(1);
    reopened.leave();
    expect(again.calls.filter((call) => call === 'Finish()')).toHaveLength(1);
  });

  it('is the default SCO of a package asked for pages', async () => {
    const read = await entries(scormPackage({ version: '2004', pages: 3 }));
    expect(read[1].content.toString()).toContain('Page 1 of 3');
  });
});
