/**
 * An offline, structural check of the add-in manifest, so tests need no web service
 * (`office-addin-manifest validate` calls one) and no Microsoft XSD files (their licence
 * keeps them out of this repository). With the XSDs at hand, tools/validate-manifest-xsd.sh
 * runs the full `xmllint --schema` check.
 *
 * The rules are those the schema states, read in OfficeDev/office-js-docs-pr,
 * docs/overview/schemas/taskpane/OfficeAppManifestV1_1.xsd (commit 0d6b8c884a96cf05572f6b12f4484e56b2da5307):
 *  - complexType OfficeApp, xs:sequence: Id (UUID), AlternateId?, Version (([0-9]{1,5})(\.[0-9]{1,5}){0,3}),
 *    ProviderName (ShortString, 1-125), DefaultLocale (CultureName), DisplayName (ShortLocaleAwareSetting),
 *    Description (LongLocaleAwareSetting, 1-250), IconUrl?, HighResolutionIconUrl?, SupportUrl? (URL, 1-2048),
 *    AppDomains? (AppDomain+, LongString), Hosts? (Host+ with Name);
 *  - complexType TaskPaneApp extends it with: Requirements? (Sets?, Methods?; Set+ with Name and
 *    MinVersion as ShortVersion ([0-9]{1,5})\.([0-9]{1,5})), DefaultSettings (SourceLocation),
 *    Permissions (Restricted|ReadDocument|ReadAllDocument|WriteDocument|ReadWriteDocument), Dictionary?,
 *    taskpanor:VersionOverrides?, then an optional signature;
 *  - "elements must be in the order of the xs:sequence" (docs/develop/manifest-element-ordering.md).
 * Checked beyond the XSD, as Office requires them at load time: every URL is https (loopback http is
 * refused too: Office loads panes over https only), and every `resid` in VersionOverrides names a
 * resource defined under Resources.
 */
import { DOMParser } from 'linkedom';

const OFFICE_APP_NS = 'http://schemas.microsoft.com/office/appforoffice/1.1';
const UUID = /^(urn:uuid:)?[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$|^\{[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\}$/;
const VERSION = /^([0-9]{1,5})(\.[0-9]{1,5}){0,3}$/;
const SHORT_VERSION = /^([0-9]{1,5})\.([0-9]{1,5})$/;
const CULTURE_NAME = /^([a-zA-Z]{2,3}-[a-zA-Z0-9]{3,8}(-[a-zA-Z]{2,3})?|[a-zA-Z]{2,3}(-[a-zA-Z]{2,3}(_tradnl|\.pseudo|-[a-zA-Z]{4,8})?)?)$/;
const PERMISSIONS = ['Restricted', 'ReadDocument', 'ReadAllDocument', 'WriteDocument', 'ReadWriteDocument'];

/** [name, minOccurs, maxOccurs] in schema order: OfficeApp's sequence, then TaskPaneApp's extension. */
const TASKPANE_SEQUENCE: [string, number, number][] = [
  ['Id', 1, 1], ['AlternateId', 0, 1], ['Version', 1, 1], ['ProviderName', 1, 1], ['DefaultLocale', 1, 1],
  ['DisplayName', 1, 1], ['Description', 1, 1], ['IconUrl', 0, 1], ['HighResolutionIconUrl', 0, 1], ['SupportUrl', 0, 1],
  ['AppDomains', 0, 1], ['Hosts', 0, 1],
  ['Requirements', 0, 1], ['DefaultSettings', 1, 1], ['Permissions', 1, 1], ['Dictionary', 0, 1], ['VersionOverrides', 0, 1], ['Signature', 0, 1],
];

interface XmlElement {
  tagName: string;
  localName: string;
  children: ArrayLike<XmlElement>;
  textContent: string | null;
  getAttribute(name: string): string | null;
  querySelectorAll?(selector: string): ArrayLike<XmlElement>;
}

/** Tags balance and nest; the DOM parser used next is lenient, so this is checked first. */
export function wellFormednessProblem(xml: string): string | null {
  const body = xml.replace(/<!--[\s\S]*?-->/g, '').replace(/<\?[\s\S]*?\?>/g, '');
  const stack: string[] = [];
  let roots = 0;
  for (const match of body.matchAll(/<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|<|&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/g)) {
    if (match[2] === undefined) return `stray "${match[0]}" at offset ${match.index}`;
    if (match[1]) {
      if (stack.pop() !== match[2]) return `</${match[2]}> does not close the open element`;
      continue;
    }
    if (stack.length === 0 && ++roots > 1) return 'more than one root element';
    if (!match[4]) stack.push(match[2]);
  }
  if (stack.length) return `<${stack[stack.length - 1]}> is never closed`;
  return null;
}

function elementChildren(element: XmlElement): XmlElement[] {
  return Array.from(element.children);
}

function child(element: XmlElement, name: string): XmlElement | undefined {
  return elementChildren(element).find((c) => c.localName === name || c.tagName === name);
}

function lengthProblem(where: string, value: string | null, max: number): string | null {
  if (!value) return `${where} is empty`;
  return value.length > max ? `${where} is longer than ${max} characters` : null;
}

function urlProblem(where: string, value: string | null): string | null {
  if (!value) return `${where} is missing`;
  if (value.length > 2048) return `${where} is longer than 2048 characters`;
  try {
    if (new URL(value).protocol !== 'https:') return `${where} is not https: ${value}`;
  } catch {
    return `${where} is not a URL: ${value}`;
  }
  return null;
}

export function validateManifest(xml: string): string[] {
  const wellFormed = wellFormednessProblem(xml);
  if (wellFormed) return [`not well-formed XML: ${wellFormed}`];
  const root = new DOMParser().parseFromString(xml, 'text/xml').documentElement as unknown as XmlElement;
  const problems: string[] = [];
  const add = (problem: string | null) => { if (problem) problems.push(problem); };
  if (root.localName !== 'OfficeApp') return ['the root element is not OfficeApp'];
  if (root.getAttribute('xmlns') !== OFFICE_APP_NS) problems.push(`OfficeApp's namespace is not ${OFFICE_APP_NS}`);
  if (root.getAttribute('xsi:type') !== 'TaskPaneApp') problems.push('OfficeApp xsi:type is not TaskPaneApp');

  // Order and counts, as the xs:sequence states them.
  const names = elementChildren(root).map((c) => c.localName);
  let position = 0;
  for (const [name, min, max] of TASKPANE_SEQUENCE) {
    let count = 0;
    while (names[position] === name) { count++; position++; }
    if (count < min) problems.push(`OfficeApp lacks <${name}> where the schema requires it`);
    if (count > max) problems.push(`OfficeApp has ${count} <${name}> elements (at most ${max})`);
  }
  if (position < names.length) problems.push(`<${names[position]}> is not allowed at this place in OfficeApp (unknown element or out of order)`);

  const text = (name: string) => child(root, name)?.textContent?.trim() ?? null;
  const id = text('Id');
  if (id !== null && !UUID.test(id)) problems.push(`Id is not a UUID: ${id}`);
  const version = text('Version');
  if (version !== null && !VERSION.test(version)) problems.push(`Version does not match the schema's pattern: ${version}`);
  if (child(root, 'ProviderName')) add(lengthProblem('ProviderName', text('ProviderName'), 125));
  const locale = text('DefaultLocale');
  if (locale !== null && !CULTURE_NAME.test(locale)) problems.push(`DefaultLocale is not a culture name: ${locale}`);
  if (child(root, 'DisplayName')) add(lengthProblem('DisplayName DefaultValue', child(root, 'DisplayName')!.getAttribute('DefaultValue'), 125));
  if (child(root, 'Description')) add(lengthProblem('Description DefaultValue', child(root, 'Description')!.getAttribute('DefaultValue'), 250));
  for (const name of ['IconUrl', 'HighResolutionIconUrl', 'SupportUrl']) {
    const element = child(root, name);
    if (element) add(urlProblem(`${name} DefaultValue`, element.getAttribute('DefaultValue')));
  }
  const domains = child(root, 'AppDomains');
  if (domains) {
    const list = elementChildren(domains);
    if (!list.length) problems.push('AppDomains holds no AppDomain');
    for (const d of list) {
      if (d.localName !== 'AppDomain') problems.push(`<${d.localName}> is not allowed in AppDomains`);
      else add(lengthProblem('AppDomain', d.textContent?.trim() ?? '', 250));
    }
  }
  const hosts = child(root, 'Hosts');
  if (hosts) {
    const list = elementChildren(hosts);
    if (!list.length) problems.push('Hosts holds no Host');
    for (const h of list) if (h.localName !== 'Host' || !h.getAttribute('Name')) problems.push('every Hosts child must be <Host Name="…">');
  }
  const requirements = child(root, 'Requirements');
  if (requirements) {
    const sets = child(requirements, 'Sets');
    const defaultMin = sets?.getAttribute('DefaultMinVersion');
    if (defaultMin && !SHORT_VERSION.test(defaultMin)) problems.push(`Sets DefaultMinVersion is not a short version: ${defaultMin}`);
    for (const set of sets ? elementChildren(sets) : []) {
      if (set.localName !== 'Set' || !set.getAttribute('Name')) problems.push('every Sets child must be <Set Name="…">');
      const min = set.getAttribute('MinVersion');
      if (min && !SHORT_VERSION.test(min)) problems.push(`Set MinVersion is not a short version: ${min}`);
    }
    if (sets && !elementChildren(sets).length) problems.push('Sets holds no Set');
  }
  const settings = child(root, 'DefaultSettings');
  if (settings) {
    const source = child(settings, 'SourceLocation');
    if (!source) problems.push('DefaultSettings lacks SourceLocation');
    else add(urlProblem('SourceLocation DefaultValue', source.getAttribute('DefaultValue')));
  }
  const permissions = text('Permissions');
  if (permissions !== null && !PERMISSIONS.includes(permissions)) problems.push(`Permissions is not one of ${PERMISSIONS.join(', ')}: ${permissions}`);

  const overrides = child(root, 'VersionOverrides');
  if (overrides) problems.push(...resourceProblems(overrides));
  return problems;
}

/** Every resid names a resource; resource ids are unique; resource URLs are https. */
function resourceProblems(overrides: XmlElement): string[] {
  const problems: string[] = [];
  const all: XmlElement[] = [];
  const walk = (e: XmlElement) => { all.push(e); elementChildren(e).forEach(walk); };
  walk(overrides);
  const resources = all.find((e) => e.localName === 'Resources');
  const ids = new Map<string, XmlElement>();
  if (resources) {
    const inResources: XmlElement[] = [];
    const walkResources = (e: XmlElement) => { inResources.push(e); elementChildren(e).forEach(walkResources); };
    walkResources(resources);
    for (const e of inResources) {
      const id = e.getAttribute('id');
      if (!id) continue;
      if (ids.has(id)) problems.push(`resource id "${id}" is defined twice`);
      ids.set(id, e);
      const name = e.localName.replace(/^bt:/, '');
      const value = e.getAttribute('DefaultValue');
      if (name === 'Image' || name === 'Url') { const p = urlProblem(`resource ${id}`, value); if (p) problems.push(p); }
    }
  }
  for (const e of all) {
    const resid = e.getAttribute('resid');
    if (resid && !ids.has(resid)) problems.push(`resid "${resid}" names no resource`);
  }
  return problems;
}
