/**
 * Numbers and the units they measure, as a claim states them: "12 ms" is not "12 s",
 * and "three layers" is "3 layers". Number words are read as digits so a paraphrase
 * may spell a number out ("one" is left out: it is as often a pronoun, "a real one");
 * units are a closed class, read through aliases.
 */
import { normalizeText } from '../text/normalize';

const NUMBER_WORDS: Record<string, string> = {
  zero: '0', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9', ten: '10',
  eleven: '11', twelve: '12', thirteen: '13', fourteen: '14', fifteen: '15', sixteen: '16', seventeen: '17', eighteen: '18',
  nineteen: '19', twenty: '20', thirty: '30', forty: '40', fifty: '50', sixty: '60', seventy: '70', eighty: '80', ninety: '90',
  hundred: '100', thousand: '1000', million: '1000000', billion: '1000000000', twice: '2', half: '0.5',
};

/** Unit families: any alias of a family stands for the family. */
const UNIT_FAMILIES: string[][] = [
  ['%', 'percent', 'per cent', 'percentage'],
  ['percentage points', 'points', 'pp'],
  ['ms', 'millisecond', 'milliseconds', 'msec'],
  ['s', 'sec', 'secs', 'second', 'seconds'],
  ['min', 'mins', 'minute', 'minutes'],
  ['h', 'hr', 'hrs', 'hour', 'hours'],
  ['day', 'days'],
  ['week', 'weeks'],
  ['month', 'months'],
  ['year', 'years'],
  ['kb', 'kilobytes'], ['mb', 'megabytes'], ['gb', 'gigabytes'], ['tb', 'terabytes'],
  ['byte', 'bytes'], ['bit', 'bits'],
  ['hz', 'hertz'], ['khz'], ['mhz'], ['ghz'],
  ['nm'], ['mm', 'millimetres', 'millimeters'], ['cm', 'centimetres', 'centimeters'], ['m', 'metres', 'meters'], ['km', 'kilometres', 'kilometers'],
  ['mg'], ['g', 'grams'], ['kg', 'kilograms'],
  ['x', '×', 'times', 'fold'],
  // Scale words: "3 thousand" and "3k" are the same quantity. ("m" is metres above, never million.)
  ['k', 'thousand'], ['million', 'mn'], ['billion', 'b', 'bn'],
  ['page', 'pages'], ['word', 'words'], ['line', 'lines'], ['character', 'characters'],
  ['token', 'tokens'], ['epoch', 'epochs'], ['layer', 'layers'], ['parameter', 'parameters'],
];

const SCALE_WORDS = new Set(['thousand', 'million', 'billion']);
const isNumberToken = (token: string) => /^\d/u.test(token) || NUMBER_WORDS[token] !== undefined;

const FAMILY_OF = new Map<string, number>();
UNIT_FAMILIES.forEach((aliases, family) => aliases.forEach((a) => { if (!FAMILY_OF.has(a)) FAMILY_OF.set(a, family); }));

export interface Quantity {
  /** The number as digits, without thousands separators. */
  value: string;
  /** The unit family that follows the number, when one does. */
  unit: number | null;
}

const TOKEN = /\d+(?:[.,]\d+)*|%|×|[\p{L}]+/gu;

/** The numbers of a text, each with the unit family right after it. */
export function quantitiesIn(text: string): Quantity[] {
  const tokens = [...normalizeText(text).matchAll(TOKEN)].map((m) => m[0]);
  const quantities: Quantity[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    let value: string | null = null;
    if (/^\d/u.test(token)) value = token.replace(/,(?=\d{3}\b)/gu, '');
    // A scale word right after a number is that number's unit ("3 thousand"), not a second number.
    else if (NUMBER_WORDS[token] !== undefined && !(SCALE_WORDS.has(token) && i > 0 && isNumberToken(tokens[i - 1]!))) value = NUMBER_WORDS[token]!;
    if (value === null) continue;
    const next = tokens[i + 1] ?? '';
    const pair = `${next} ${tokens[i + 2] ?? ''}`;
    const unit = FAMILY_OF.get(pair) ?? FAMILY_OF.get(next) ?? null;
    quantities.push({ value, unit });
  }
  return quantities;
}

export interface QuantityMismatch {
  kind: 'number' | 'unit';
  value: string;
}

/**
 * The first quantity of `claim` its sources do not back: a number they never state (or
 * state fewer times than the claim does), or
 * a number they state only with another unit ("12 ms" against a source's "12 s").
 */
export function unbackedQuantity(claim: string, sources: string): QuantityMismatch | null {
  const backed = quantitiesIn(sources);
  const available = new Map<string, number>();
  for (const q of backed) available.set(q.value, (available.get(q.value) ?? 0) + 1);
  // One for one: "Section 4 ... Section 4" does not follow from "Section 3 ... Section 4".
  const used = new Map<string, number>();
  for (const q of quantitiesIn(claim)) {
    used.set(q.value, (used.get(q.value) ?? 0) + 1);
    if (used.get(q.value)! > (available.get(q.value) ?? 0)) return { kind: 'number', value: q.value };
    if (q.unit === null) continue;
    const units = backed.filter((b) => b.value === q.value).map((b) => b.unit);
    // The source gives this number a unit, and not this one.
    if (!units.includes(q.unit) && units.some((u) => u !== null)) return { kind: 'unit', value: q.value };
  }
  return null;
}
