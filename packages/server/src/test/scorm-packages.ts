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
  /** the default SCO as a course of this many pages that resumes where the learner stopped (see `pagedSco`); default one page that completes itself */
  pages?: number;
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
    ${scoScript(version, `      ${calls}\n      status.textContent = 'completed';`)}
  </script>
</body>
</html>
`;
}

/** The script of a SCO page: finds the API as SCORM's discovery algorithm does, then runs `body` with `api`. */
function scoScript(version: '1.2' | '2004', body: string): string {
  return `(function () {
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
${body}
    })();`;
}

/**
 * A SCO of `pages` pages, as a course a learner leaves and comes back to: it shows
 * `#page` ("Page 2 of 3", `data-page`), a `#next` button and, on the last page, `#finish`. Each page
 * is saved as the location (`cmi.core.lesson_location` / `cmi.location`) with the pages seen in
 * `suspend_data`, exit `suspend`, and committed; opened again it resumes at the saved page
 * (`#status` reads `resumed` when it did, `started` otherwise). Finish reports completed and passed
 * with `score` of 100 and ends the session (`#status` `completed`); leaving the page ends it too
 * (`LMSFinish` / `Terminate` on `pagehide`), as authoring tools do.
 */
export function pagedSco(version: '1.2' | '2004', title: string, pages: number, score = 80): string {
  const v12 = version === '1.2';
  const body = `      var v12 = ${v12};
      function get(element) { return v12 ? api.LMSGetValue(element) : api.GetValue(element); }
      function set(element, value) { return v12 ? api.LMSSetValue(element, value) : api.SetValue(element, value); }
      function commit() { return v12 ? api.LMSCommit('') : api.Commit(''); }
      var ended = false;
      function end() {
        if (ended) return;
        ended = true;
        if (v12) api.LMSFinish(''); else api.Terminate('');
      }
      if (v12) api.LMSInitialize(''); else api.Initialize('');
      var pages = ${pages};
      var saved = parseInt(get(v12 ? 'cmi.core.lesson_location' : 'cmi.location'), 10);
      var current = saved >= 1 && saved <= pages ? saved : 1;
      var seen = [];
      try { seen = JSON.parse(get('cmi.suspend_data') || '[]'); } catch (e) { seen = []; }
      status.textContent = saved >= 1 ? 'resumed' : 'started';
      var state = get(v12 ? 'cmi.core.lesson_status' : 'cmi.completion_status');
      if (state === 'not attempted' || state === 'unknown' || state === '') set(v12 ? 'cmi.core.lesson_status' : 'cmi.completion_status', 'incomplete');
      var page = document.getElementById('page');
      var next = document.getElementById('next');
      var finish = document.getElementById('finish');
      function show(number) {
        current = number;
        page.textContent = 'Page ' + number + ' of ' + pages;
        page.setAttribute('data-page', String(number));
        next.hidden = number >= pages;
        finish.hidden = number < pages;
        if (seen.indexOf(number) < 0) seen.push(number);
        set(v12 ? 'cmi.core.lesson_location' : 'cmi.location', String(number));
        set('cmi.suspend_data', JSON.stringify(seen));
        set(v12 ? 'cmi.core.exit' : 'cmi.exit', 'suspend');
        commit();
      }
      next.addEventListener('click', function () { if (current < pages) show(current + 1); });
      finish.addEventListener('click', function () {
        if (v12) {
          set('cmi.core.lesson_status', 'passed');
          set('cmi.core.score.min', '0');
          set('cmi.core.score.max', '100');
          set('cmi.core.score.raw', '${score}');
          set('cmi.core.exit', '');
        } else {
          set('cmi.completion_status', 'completed');
          set('cmi.success_status', 'passed');
          set('cmi.score.min', '0');
          set('cmi.score.max', '100');
          set('cmi.score.raw', '${score}');
          set('cmi.score.scaled', '${score / 100}');
          set('cmi.exit', 'normal');
        }
        commit();
        end();
        status.textContent = 'completed';
      });
      window.addEventListener('pagehide', function () { if (!ended) { commit(); end(); } });
      show(current);`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeXml(title)}</title></head>
<body>
  <h1>${escapeXml(title)}</h1>
  <p id="page" data-page="1">Page 1 of ${pages}</p>
  <p id="status">starting</p>
  <button type="button" id="next">Next</button>
  <button type="button" id="finish" hidden>Finish</button>
  <script>
    ${scoScript(version, body)}
  </script>
</body>
</html>
`;
}

/** A SCORM package zip as an authoring tool writes one: imsmanifest.xml at the root and the course's files. */
export function scormPackage(options: TestPackageOptions): Buffer {
  const title = options.title ?? `Test course (SCORM ${options.version})`;
  const launch = options.launch ?? 'index.html';
  const sco =
    options.pages && options.pages > 1
      ? pagedSco(options.version, title, options.pages, options.score)
      : selfCompletingSco(options.version, title, options.score);
  const files = options.files ?? [{ path: launch.split('?')[0], content: sco }];
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
