import { cp866, type TestZipEntry, zipOf } from './zip.js';

/** A file of a test course: its path inside the package and its content. */
export interface CourseFile {
  path: string;
  content: string | Buffer;
}

export interface TestPackageOptions {
  version: '1.2' | '2004';
  title?: string;
  /** the SCO's launch file; default `index.html` */
  launch?: string;
  /** the course's files besides the manifest; default a one-page SCO at `launch` that completes itself */
  files?: CourseFile[];
  /** how entry names are written: UTF-8 with the zip's UTF-8 flag (default), or CP866 without it, as Russian tools do */
  nameEncoding?: 'utf8' | 'cp866';
  /** the raw score (of 100) the default SCO reports; default 80 */
  score?: number;
  /** the manifest as written, instead of the one made from the options */
  manifest?: string;
  /** stored (no compression) rather than deflated entries, for content that does not compress */
  stored?: boolean;
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char] ?? char);

/** The manifest an authoring tool writes for one SCO launched at `launch`, listing `files`. */
export function scormManifest(version: '1.2' | '2004', title: string, launch: string, files: string[]): string {
  const fileList = files.map((path) => `        <file href="${escapeXml(path)}"/>`).join('\n');
  const organizations = `  <organizations default="ORG-1">
    <organization identifier="ORG-1">
      <title>${escapeXml(title)}</title>
      <item identifier="ITEM-1" identifierref="RES-1" isvisible="true">
        <title>${escapeXml(title)}</title>
      </item>
    </organization>
  </organizations>`;
  if (version === '1.2') {
    return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="oqu.test.course" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
${organizations}
  <resources>
    <resource identifier="RES-1" type="webcontent" adlcp:scormtype="sco" href="${escapeXml(launch)}">
${fileList}
    </resource>
  </resources>
</manifest>
`;
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="oqu.test.course" version="1"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
  xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>2004 4th Edition</schemaversion>
  </metadata>
${organizations}
  <resources>
    <resource identifier="RES-1" type="webcontent" adlcp:scormType="sco" href="${escapeXml(launch)}">
${fileList}
    </resource>
  </resources>
</manifest>
`;
}

/**
 * A one-page SCO: it finds the LMS's API up the chain of parent windows (and the opener's), as
 * SCORM's own discovery algorithm does — `window.API` for 1.2, `window.API_1484_11` for 2004 —
 * initializes, reports completed and passed with `score` of 100, commits and finishes. The page
 * shows what it did in `#status` (`completed`, or `no-api`).
 */
export function selfCompletingSco(version: '1.2' | '2004', title: string, score = 80): string {
  const calls =
    version === '1.2'
      ? `api.LMSInitialize('');
      api.LMSSetValue('cmi.core.lesson_status', 'passed');
      api.LMSSetValue('cmi.core.score.min', '0');
      api.LMSSetValue('cmi.core.score.max', '100');
      api.LMSSetValue('cmi.core.score.raw', '${score}');
      api.LMSCommit('');
      api.LMSFinish('');`
      : `api.Initialize('');
      api.SetValue('cmi.completion_status', 'completed');
      api.SetValue('cmi.success_status', 'passed');
      api.SetValue('cmi.score.min', '0');
      api.SetValue('cmi.score.max', '100');
      api.SetValue('cmi.score.raw', '${score}');
      api.SetValue('cmi.score.scaled', '${score / 100}');
      api.Commit('');
      api.Terminate('');`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeXml(title)}</title></head>
<body>
  <h1>${escapeXml(title)}</h1>
  <p id="status">starting</p>
  <script>
    (function () {
      var name = '${version === '1.2' ? 'API' : 'API_1484_11'}';
      function search(win) {
        for (var hops = 0; win && hops < 10; hops++) {
          try {
            if (win[name]) return win[name];
          } catch (e) {
            // a window of another origin: keep climbing
          }
          if (win.parent === win) break;
          win = win.parent;
        }
        return null;
      }
      var api = search(window) || (window.opener ? search(window.opener) : null);
      var status = document.getElementById('status');
      if (!api) {
        status.textContent = 'no-api';
        return;
      }
      ${calls}
      status.textContent = 'completed';
    })();
  </script>
</body>
</html>
`;
}

/** A SCORM package zip as an authoring tool writes one: imsmanifest.xml at the root and the course's files. */
export function scormPackage(options: TestPackageOptions): Buffer {
  const title = options.title ?? `Test course (SCORM ${options.version})`;
  const launch = options.launch ?? 'index.html';
  const files = options.files ?? [{ path: launch.split('?')[0], content: selfCompletingSco(options.version, title, options.score) }];
  const manifest =
    options.manifest ??
    scormManifest(
      options.version,
      title,
      launch,
      files.map((file) => file.path),
    );
  const entries = [{ path: 'imsmanifest.xml', content: manifest }, ...files].map(
    (file): TestZipEntry => ({
      name: file.path,
      rawName: options.nameEncoding === 'cp866' ? cp866(file.path) : undefined,
      content: Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      stored: options.stored,
    }),
  );
  return zipOf(entries);
}
