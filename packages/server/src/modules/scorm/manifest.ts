import type { ScormVersion } from '@oqu/contracts';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * A SCORM package's `imsmanifest.xml` as far as playing it needs: its edition and the launch of the
 * default organisation's first SCO. SCORM 1.2 and 2004 (2nd to 4th editions) are read alike: elements
 * and attributes by their local names (whatever prefix a tool gave them), `scormtype` and `scormType`
 * in any case.
 */
export interface ScormManifest {
  version: ScormVersion;
  /** the default organisation's title, or '' */
  title: string;
  /** the launch file's path inside the package (decoded, no query) */
  launchFile: string;
  /** what follows the file in its launch URL: the href's and the item's parameters (`?a=1#p2`), or '' */
  launchQuery: string;
}

/** Why a manifest cannot be played. */
export class ManifestProblem extends Error {
  constructor(readonly reason: 'unreadable' | 'no_sco') {
    super(reason === 'unreadable' ? 'the manifest is not readable XML of a content package' : 'the manifest names no launchable SCO');
  }
}

type XmlNode = Record<string, unknown>;

const ATTRIBUTE = '@_';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: ATTRIBUTE,
  // values stay strings ("1.2" is an edition, not a number); entities are decoded here, never expanded
  // from a DOCTYPE (no entity bombs)
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  trimValues: true,
  // every element may repeat, so each is an array of nodes
  isArray: (_name, _path, _isLeaf, isAttribute) => !isAttribute,
});

const localName = (name: string) => name.slice(name.indexOf(':') + 1).toLowerCase();

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The five XML entities and character references, decoded once (`&amp;lt;` stays `&lt;`). */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The children of `node` with the local name `name`, in document order. */
function children(node: XmlNode | undefined, name: string): XmlNode[] {
  if (!node) return [];
  const found: XmlNode[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith(ATTRIBUTE) || key === '#text' || localName(key) !== name) continue;
    for (const child of Array.isArray(value) ? value : [value]) {
      // an empty element is parsed as '', one with only text as its text
      found.push(typeof child === 'object' && child !== null ? (child as XmlNode) : { '#text': String(child) });
    }
  }
  return found;
}

const child = (node: XmlNode | undefined, name: string) => children(node, name)[0];

/** An attribute by its local name (`xml:base` by its full one), decoded and trimmed, or ''. */
function attribute(node: XmlNode | undefined, name: string): string {
  if (!node) return '';
  for (const [key, value] of Object.entries(node)) {
    if (!key.startsWith(ATTRIBUTE)) continue;
    const full = key.slice(ATTRIBUTE.length).toLowerCase();
    if (name.includes(':') ? full === name : localName(full) === name) return decodeEntities(String(value)).trim();
  }
  return '';
}

const textOf = (node: XmlNode | undefined) => (node ? decodeEntities(String(node['#text'] ?? '')).trim() : '');

/** The bytes as text: UTF-16 by its mark, else in the encoding the XML declaration names (UTF-8 when it names none or one unknown). */
function decodeXml(data: Buffer): string {
  // a UTF-16 manifest says so by its byte-order mark
  if (data[0] === 0xff && data[1] === 0xfe) return new TextDecoder('utf-16le').decode(data);
  if (data[0] === 0xfe && data[1] === 0xff) return new TextDecoder('utf-16be').decode(data);
  const head = data.subarray(0, 200).toString('latin1');
  const declared = /^(?:\uFEFF|\xEF\xBB\xBF)?<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(declared ?? 'utf-8');
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  // TextDecoder drops a byte-order mark itself
  return decoder.decode(data);
}

/** The edition: `metadata/schemaversion` when it says, else the namespaces the manifest declares. */
function versionOf(manifest: XmlNode): ScormVersion {
  const declared = textOf(child(child(manifest, 'metadata'), 'schemaversion')).toLowerCase();
  if (declared === '1.2') return '1.2';
  if (declared.includes('2004') || declared.includes('1.3')) return '2004';
  const namespaces = Object.entries(manifest)
    .filter(([key]) => key.startsWith(`${ATTRIBUTE}xmlns`))
    .map(([, value]) => String(value).toLowerCase());
  if (namespaces.some((uri) => uri.includes('adlcp_rootv1p2') || uri.includes('imscp_rootv1p1p2'))) return '1.2';
  if (namespaces.some((uri) => uri.includes('adlcp_v1p3') || uri.includes('imscp_v1p1') || uri.includes('imsss'))) return '2004';
  return '1.2';
}

const isSco = (resource: XmlNode) => attribute(resource, 'scormtype').toLowerCase() === 'sco';

/** The first item, depth first, that names a SCO resource with an href, with that resource. */
function firstScoItem(items: XmlNode[], resources: Map<string, XmlNode>): { item: XmlNode; resource: XmlNode } | null {
  for (const item of items) {
    const resource = resources.get(attribute(item, 'identifierref'));
    if (resource && isSco(resource) && attribute(resource, 'href')) return { item, resource };
    const inner = firstScoItem(children(item, 'item'), resources);
    if (inner) return inner;
  }
  return null;
}

/** A base no package path can reach: what resolves outside it was an absolute URL. */
const PACKAGE_ROOT = 'https://package.invalid/';

/**
 * The launch: the resource's href resolved against the `xml:base` of the manifest, of `resources` and
 * of the resource (each relative to the one before, as XML Base says), then the item's parameters
 * added as SCORM's content packaging says (a leading `?` or `&` dropped and joined to the href's own
 * query; a `#` fragment only when the href has none). Null when it leaves the package (an absolute URL).
 */
function launchOf(bases: string[], href: string, parameters: string): { file: string; query: string } | null {
  let url: URL;
  try {
    url = new URL(PACKAGE_ROOT);
    for (const base of bases) if (base) url = new URL(base, url);
    url = new URL(href, url);
  } catch {
    return null;
  }
  if (url.origin !== new URL(PACKAGE_ROOT).origin) return null;
  const extra = parameters.trim();
  if (extra.startsWith('#')) {
    if (!url.hash) url.hash = extra;
  } else if (extra) {
    const added = extra.replace(/^[?&]+/, '');
    if (added) url.search = url.search ? `${url.search}&${added}` : `?${added}`;
  }
  let file: string;
  try {
    file = decodeURIComponent(url.pathname.slice(1));
  } catch {
    file = url.pathname.slice(1);
  }
  return { file: file.normalize('NFC'), query: `${url.search}${url.hash}` };
}

/**
 * Reads a manifest: throws ManifestProblem('unreadable') when it is not well-formed XML with a
 * `manifest` root, ManifestProblem('no_sco') when no organisation (the default one, named by
 * `organizations@default`, else the first) has an item launching a SCO resource with an href inside
 * the package. A manifest without organisations launches its first SCO resource.
 */
export function parseManifest(data: Buffer): ScormManifest {
  try {
    return readManifest(data);
  } catch (error) {
    // whatever else a malformed manifest makes fail is its being unreadable, never a server error
    throw error instanceof ManifestProblem ? error : new ManifestProblem('unreadable');
  }
}

function readManifest(data: Buffer): ScormManifest {
  const xml = decodeXml(data);
  if (XMLValidator.validate(xml) !== true) throw new ManifestProblem('unreadable');
  let document: XmlNode;
  try {
    document = parser.parse(xml) as XmlNode;
  } catch {
    throw new ManifestProblem('unreadable');
  }
  const manifest = child(document, 'manifest');
  if (!manifest) throw new ManifestProblem('unreadable');

  const resourcesNode = child(manifest, 'resources');
  const resources = new Map<string, XmlNode>();
  for (const resource of children(resourcesNode, 'resource')) {
    const identifier = attribute(resource, 'identifier');
    if (identifier && !resources.has(identifier)) resources.set(identifier, resource);
  }

  const organizations = child(manifest, 'organizations');
  const all = children(organizations, 'organization');
  const named = attribute(organizations, 'default');
  const organization = all.find((candidate) => named && attribute(candidate, 'identifier') === named) ?? all[0];

  let found: { item?: XmlNode; resource: XmlNode } | null;
  if (organization) {
    found = firstScoItem(children(organization, 'item'), resources);
  } else {
    const resource = [...resources.values()].find((candidate) => isSco(candidate) && attribute(candidate, 'href'));
    found = resource ? { resource } : null;
  }
  if (!found) throw new ManifestProblem('no_sco');

  const launch = launchOf(
    [attribute(manifest, 'xml:base'), attribute(resourcesNode, 'xml:base'), attribute(found.resource, 'xml:base')],
    attribute(found.resource, 'href'),
    attribute(found.item, 'parameters'),
  );
  if (!launch?.file) throw new ManifestProblem('no_sco');
  return {
    version: versionOf(manifest),
    title: textOf(child(organization, 'title')),
    launchFile: launch.file,
    launchQuery: launch.query,
  };
}
