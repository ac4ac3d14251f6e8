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
}

/** A SCORM package zip as an authoring tool writes one: imsmanifest.xml at the root and the course's files. */
export function scormPackage(_options: TestPackageOptions): Buffer {
  throw new Error('scormPackage: not built yet');
}
