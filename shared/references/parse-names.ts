/**
 * The one name parser: a printed author or editor list -> CSL names {family, given}.
 * Reads "Given Family" ("Osbert Bastani", "A. Sinha", "Ludwig van Beethoven"),
 * "Family, Given" pairs ("Breiman, L., Chin, W.-S., and Fan, R.-E."), semicolon lists
 * and Vancouver-style "Family GI" ("Smith JM"). "et al." and "others" are dropped.
 */
export interface CslName {
  family: string;
  given?: string;
}

const PARTICLES = new Set(['van', 'von', 'de', 'der', 'den', 'del', 'della', 'di', 'da', 'du', 'la', 'le', 'dos', 'das', 'ter', 'ten', 'bin', 'al', 'el', 'st.', "d'"]);
/** One word of initials after a family name: "J", "J.", "JM", "J.M.", "Y.-S.", "J.-P" (not a capitalised word: "Smith Jones"; not four capitals: "WANG"). */
const TRAILING_INITIAL = /^(?:\p{Lu}{1,3}|(?:\p{Lu}\.){1,3}|\p{Lu}\.?(?:-\p{Lu}\.?)+)$/u;
/** "J.", "J. M.", "J.-M.", "JM", "R.E.": initials only (not a family name in capitals: "WANG X N", "BRUECK"). */
const isInitials = (text: string): boolean => text.trim().split(/\s+/).every((w) => TRAILING_INITIAL.test(w));
/** A word that can only be an initial: "J", "J.", "J.M.", "Y.-S." (not "LI" or "WANG", which open "LI Z T", "WANG X N"). */
const DOTTED_INITIAL = /^(?:\p{Lu}|(?:\p{Lu}\.)+|\p{Lu}\.?-\p{Lu}\.?)$/u;
const SUFFIX = /^(?:jr\.?|sr\.?|ii|iii|iv)$/i;
/** A group author's name: "Gaia Collaboration", "The Theano Development Team", "The LIGO Scientific Consortium". */
const GROUP = String.raw`(?:The\s+)?(?:\p{Lu}[\p{L}-]*\s+){0,4}(?:Collaboration|Consortium|Team|Group|Project|Survey)`;
const GROUP_NAME = new RegExp(`^${GROUP}$`, 'u');
/** Groups that sign together: "BICEP2/Keck Array and Planck Collaborations", "Planck and ACT Teams": one name, not two people. */
const JOINT_GROUPS = /^(?:The\s+)?(?:[\p{Lu}\d][\p{L}\d/-]*\s+(?:and\s+|&\s+)?){1,6}(?:Collaborations|Consortia|Teams|Groups)$/u;
/** A group run into the first person's "Surname I." with no comma (MNRAS). */
const GROUP_BEFORE_PERSON = new RegExp(String.raw`^(${GROUP})\s+(?=\p{Lu}[\p{L}'’-]+\s+\p{Lu}\.)`, 'u');

function tidy(part: string): string {
  return part.replace(/\s+/g, ' ').replace(/\s+\.$/, '').replace(/^[\s,;:.]+|[\s,;:]+$/g, '').replace(/^(?:and|&)\s+/i, '').trim();
}

/** One name with no comma: "Given Family", "Given van Family" or Vancouver "Family GI". */
function fromGivenFirst(text: string): CslName | null {
  const words = tidy(text).split(' ').filter(Boolean);
  if (!words.length || !words.some((w) => /\p{L}/u.test(w))) return null;
  if (words.length === 1) return { family: words[0]!.replace(/\.$/, '') };
  // A group is one name, never a given and a family: "The Theano Development Team", "Astropy Collaboration".
  if (GROUP_NAME.test(words.join(' '))) return { family: words.join(' ') };
  const last = words[words.length - 1]!;
  // The family name first, the initials after it: Vancouver's "Smith JM", "Smith J.M.", and MNRAS's and A&A's
  // comma-less "Barnes S. A.", "Ting Y.-S.", "van Saders J. L." (every trailing initial is given, not one).
  let givenFrom = words.length;
  while (givenFrom > 1 && TRAILING_INITIAL.test(words[givenFrom - 1]!)) givenFrom--;
  if (givenFrom < words.length && !DOTTED_INITIAL.test(words[0]!)) {
    return { family: words.slice(0, givenFrom).join(' '), given: words.slice(givenFrom).join(' ') };
  }
  let familyStart = words.length - 1;
  if (SUFFIX.test(last) && words.length > 2) familyStart--;
  while (familyStart > 1 && PARTICLES.has(words[familyStart - 1]!.toLowerCase())) familyStart--;
  return { family: words.slice(familyStart).join(' ').replace(/\.$/, (m) => (SUFFIX.test(last) ? m : '')), given: words.slice(0, familyStart).join(' ') };
}

function fromFamilyFirst(family: string, given: string): CslName {
  const f = tidy(family);
  const g = tidy(given);
  return g ? { family: f, given: g } : { family: f };
}

export function parseNames(text: string): CslName[] {
  const cleaned = text
    .replace(/\s+/g, ' ')
    .replace(/^\s*\[?\d+\]?\.?\s+/, '')
    .replace(/,?\s*\b(?:et\.?\s*al\b\.?|and others\b|others\b)/gi, '')
    .replace(/(?:,|\s)\s*(?:and|&)\s*$/i, '')
    .replace(/\((?:eds?|editors?)\.?\)|,?\s*\b(?:eds?|editors?)\.(?=\s|$)|^\s*(?:edited by|ed\.|eds\.)\s+/gi, '')
    .trim();
  if (!cleaned || cleaned.length > 1000) return [];
  if (JOINT_GROUPS.test(cleaned)) return [{ family: cleaned }];
  // MNRAS prints a group with no comma before the first person: "Gaia Collaboration Prusti T., …".
  const group = GROUP_BEFORE_PERSON.exec(cleaned);
  if (group) return [{ family: group[1]! }, ...parseNames(cleaned.slice(group[0].length))];
  if (cleaned.includes(';')) {
    return cleaned.split(';').map((part) => {
      const [family, ...given] = part.split(',');
      return given.length ? fromFamilyFirst(family!, given.join(',')) : fromGivenFirst(part);
    }).filter((n): n is CslName => n !== null && n.family.length > 0);
  }
  const parts = cleaned.split(/\s*,\s*(?:and\s+|&\s*)?|\s+and\s+|\s*&\s*/i).map(tidy).filter((p) => p.length > 0 && /\p{L}/u.test(p));
  // "Breiman, L., Chin, W.-S., and Fan, R.-E.": family names alternate with initials.
  const odd = parts.filter((_, i) => i % 2 === 1);
  const even = parts.filter((_, i) => i % 2 === 0);
  // A family name does not open with an initial: "A. Kolmogoroff, C. R." is a name and a stray pair of initials.
  if (parts.length >= 2 && odd.every(isInitials) && even.every((p) => !isInitials(p) && !DOTTED_INITIAL.test(p.split(' ')[0]!))) {
    const names: CslName[] = [];
    for (let i = 0; i < parts.length; i += 2) names.push(parts[i + 1] ? fromFamilyFirst(parts[i]!, parts[i + 1]!) : fromGivenFirst(parts[i]!)!);
    return names.filter(Boolean);
  }
  // "Nichols, Bill": one comma, no "and": a family name, then a given name.
  if (parts.length === 2 && !/\s(?:and|&)\s/i.test(cleaned) && !parts[0]!.includes(' ') && /^\p{Lu}\p{Ll}+\.?$/u.test(parts[1]!)) {
    return [fromFamilyFirst(parts[0]!, parts[1]!)];
  }
  return parts.map(fromGivenFirst).filter((n): n is CslName => n !== null && n.family.length > 0);
}

/** "Osbert Bastani", "L. Breiman": how a name is shown in the Reference's author list. */
export function formatName(name: CslName): string {
  return name.given ? `${name.given} ${name.family}` : name.family;
}

/**
 * One author as a library paper or a Reference lists it ("Animesh Sinha", "Ludwig van Beethoven",
 * "Sinha, Animesh", "Smith JM") -> a CSL name. Never empty: a name no rule reads is kept whole as the family name.
 */
export function parseName(text: string): CslName {
  const trimmed = tidy(text);
  const comma = /^([^,]+),\s*([^,]+)$/.exec(trimmed);
  if (comma && !SUFFIX.test(comma[2]!.trim())) return fromFamilyFirst(comma[1]!, comma[2]!);
  return fromGivenFirst(trimmed) ?? { family: trimmed || text.trim() };
}

/**
 * A group that opens an author list ("Gaia Collaboration, Prusti, T., …", "The LIGO Scientific Collaboration, …"):
 * two to five capitalised words before the first comma, none an initial, and none of them a family name the list
 * already has. Sequence labellers leave such a group out of the authors; it is the first author.
 */
export function leadingGroupAuthor(text: string, families: readonly string[]): string | null {
  const lead = text.trim().split(/[,(]/)[0]!.trim();
  const words = lead.split(/\s+/);
  if (words.length < 2 || words.length > 5 || words.some((w) => !/^\p{Lu}[\p{L}'’-]+$/u.test(w) && !/^(?:of|the|for|and)$/i.test(w))) return null;
  const folded = lead.toLowerCase();
  return families.some((f) => f && folded.includes(f.toLowerCase())) ? null : lead;
}
