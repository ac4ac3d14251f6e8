import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scormManifest } from '../../test/scorm-packages.js';
import { ManifestProblem, parseManifest } from './manifest.js';

const xml = (text: string) => Buffer.from(text);

function problemOf(text: string | Buffer): string {
  try {
    parseManifest(Buffer.isBuffer(text) ? text : xml(text));
  } catch (error) {
    expect(error).toBeInstanceOf(ManifestProblem);
    return (error as ManifestProblem).reason;
  }
  throw new Error('the manifest was taken');
}

/** A SCORM 2004 3rd edition manifest as Articulate writes one: prefixes of its own, nested items, an asset first. */
const THIRD_EDITION = `<?xml version="1.0" encoding="utf-8" standalone="no"?>
<manifest identifier="Course_ID1_ORG" version="1.0"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adl="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 3rd Edition</schemaversion></metadata>
  <organizations default="B0">
    <organization identifier="A0"><title>Not the default</title>
      <item identifier="i0" identifierref="r1"><title>x</title></item>
    </organization>
    <organization identifier="B0"><title>Пожарная безопасность &amp; охрана труда</title>
      <item identifier="i1"><title>Module</title>
        <item identifier="i2" identifierref="r0"><title>Intro (an asset)</title></item>
        <item identifier="i3" identifierref="r2" parameters="?lesson=2&amp;mode=normal"><title>Lesson</title></item>
      </item>
      <item identifier="i4" identifierref="r1"><title>Later</title></item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="r0" type="webcontent" adl:scormType="asset" href="intro.html"/>
    <resource identifier="r1" type="webcontent" adl:scormType="sco" href="other.html"/>
    <resource identifier="r2" type="webcontent" ADL:SCORMTYPE="SCO" href="story_html5.html?x=1"/>
  </resources>
</manifest>`;

describe('parseManifest', () => {
  it('reads a SCORM 1.2 manifest: the edition and the launch of its one SCO', () => {
    expect(parseManifest(xml(scormManifest('1.2', 'Охрана труда', 'index.html', ['index.html'])))).toEqual({
      version: '1.2',
      title: 'Охрана труда',
      launchFile: 'index.html',
      launchQuery: '',
    });
  });

  it('reads a SCORM 2004 4th edition manifest', () => {
    expect(parseManifest(xml(scormManifest('2004', 'Course', 'res/index.html', ['res/index.html'])))).toMatchObject({
      version: '2004',
      launchFile: 'res/index.html',
    });
  });

  it('takes the default organisation’s first SCO item, depth first, past assets, with the item’s parameters', () => {
    expect(parseManifest(xml(THIRD_EDITION))).toEqual({
      version: '2004',
      title: 'Пожарная безопасность & охрана труда',
      launchFile: 'story_html5.html',
      launchQuery: '?x=1&lesson=2&mode=normal',
    });
  });

  it('takes the first organisation when the default names none there, or there is no default', () => {
    const missing = THIRD_EDITION.replace('default="B0"', 'default="NOPE"');
    expect(parseManifest(xml(missing))).toMatchObject({ title: 'Not the default', launchFile: 'other.html', launchQuery: '' });
    expect(parseManifest(xml(THIRD_EDITION.replace(' default="B0"', '')))).toMatchObject({ launchFile: 'other.html' });
  });

  it('joins the href to xml:base of the manifest, the resources and the resource, and a fragment parameter', () => {
    const manifest = `<manifest xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2" xml:base="course/">
      <organizations default="o"><organization identifier="o"><title>T</title>
        <item identifier="i" identifierref="r" parameters="#page3"/>
      </organization></organizations>
      <resources xml:base="уроки/">
        <resource identifier="r" type="webcontent" adlcp:scormtype="sco" xml:base="первый%20урок/" href="start%20here.html"/>
      </resources>
    </manifest>`;
    expect(parseManifest(xml(manifest))).toEqual({
      version: '1.2',
      title: 'T',
      launchFile: 'course/уроки/первый урок/start here.html',
      launchQuery: '#page3',
    });
  });

  it('tells the edition by the namespaces when the metadata does not say', () => {
    const noMetadata = (text: string) => text.replace(/<metadata>[\s\S]*<\/metadata>/, '');
    expect(parseManifest(xml(noMetadata(scormManifest('2004', 'T', 'a.html', []))))).toMatchObject({ version: '2004' });
    expect(parseManifest(xml(noMetadata(scormManifest('1.2', 'T', 'a.html', []))))).toMatchObject({ version: '1.2' });
  });

  it('reads a manifest in the encoding its declaration names, and one with a byte-order mark', () => {
    const manifest = scormManifest('1.2', 'Курс', 'index.html', []).replace('encoding="UTF-8"', 'encoding="windows-1251"');
    const windows1251: Record<string, number> = { К: 0xca, у: 0xf3, р: 0xf0, с: 0xf1 };
    const bytes = Buffer.from(Array.from(manifest, (char) => windows1251[char] ?? char.charCodeAt(0)));
    expect(parseManifest(bytes).title).toBe('Курс');
    const withMark = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), xml(scormManifest('2004', 'T', 'index.html', []))]);
    expect(parseManifest(withMark).launchFile).toBe('index.html');
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(scormManifest('1.2', 'Сабақ', 'index.html', []).replace('UTF-8', 'UTF-16'), 'utf16le'),
    ]);
    expect(parseManifest(utf16)).toMatchObject({ title: 'Сабақ', launchFile: 'index.html' });
  });

  it('launches the first SCO resource of a manifest without organisations', () => {
    const manifest = `<manifest><organizations/><resources>
      <resource identifier="a" adlcp:scormtype="asset" href="a.html" xmlns:adlcp="x"/>
      <resource identifier="b" adlcp:scormtype="sco" href="b.html" xmlns:adlcp="x"/>
    </resources></manifest>`;
    expect(parseManifest(xml(manifest)).launchFile).toBe('b.html');
  });

  it('refuses a manifest with no launchable SCO', () => {
    expect(problemOf(THIRD_EDITION.replace(/scormType="sco"/g, 'scormType="asset"').replace('SCORMTYPE="SCO"', 'SCORMTYPE="asset"'))).toBe(
      'no_sco',
    );
    expect(problemOf(THIRD_EDITION.replace('href="story_html5.html?x=1"', '').replace('href="other.html"', ''))).toBe('no_sco');
    expect(problemOf(THIRD_EDITION.replace(/identifierref="r[12]"/g, 'identifierref="gone"'))).toBe('no_sco');
    // a launch outside the package
    expect(problemOf(THIRD_EDITION.replace('href="story_html5.html?x=1"', 'href="https://example.com/x.html"'))).toBe('no_sco');
    expect(problemOf('<manifest/>')).toBe('no_sco');
  });

  it('refuses what is not the XML of a manifest', () => {
    expect(problemOf('')).toBe('unreadable');
    expect(problemOf('<manifest><organizations></manifest>')).toBe('unreadable');
    expect(problemOf('<html><body/></html>')).toBe('unreadable');
    expect(problemOf(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00]))).toBe('unreadable');
  });

  it('expands no entities a DOCTYPE declares', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE manifest [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
      <manifest><organizations><organization identifier="o"><title>&b;</title><item identifier="i" identifierref="r"/></organization></organizations>
      <resources><resource identifier="r" scormtype="sco" href="index.html"/></resources></manifest>`;
    const parsed = parseManifest(xml(bomb));
    expect(parsed.title).toBe('&b;');
    expect(parsed.launchFile).toBe('index.html');
  });

  it('answers any damaged manifest with a launch or a ManifestProblem, nothing else', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(THIRD_EDITION.length - 1), fc.string({ maxLength: 3 })), { minLength: 1, maxLength: 6 }),
        (changes) => {
          let text = THIRD_EDITION;
          for (const [at, inserted] of changes) text = `${text.slice(0, at)}${inserted}${text.slice(at + 1)}`;
          try {
            expect(typeof parseManifest(xml(text)).launchFile).toBe('string');
          } catch (error) {
            expect(error).toBeInstanceOf(ManifestProblem);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
