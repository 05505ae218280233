/**
 * Lists of abbreviations under tables and figures. They hold every term of a question about the measures they
 * expand, so they outscored the sentences that report those measures, yet they answer nothing.
 */
/** An abbreviation: a capital and at least one more capital or digit ("MIP", "SF-36", "CIBIC-Plus", "S6K1"). */
const ABBREVIATION = String.raw`[A-Z][A-Za-z0-9\u2013-]*[A-Z0-9][A-Za-z0-9\u2013-]*`;
/** "MIP: maximal inspiratory pressure", "HR = hazard ratio": a glossary's entry with a colon or an equals sign. */
const GLOSSARY_ENTRY_COLON = new RegExp(String.raw`(?:^|[;,.]\s*)${ABBREVIATION}\s*[:=]\s*\p{L}`, 'gu');
/** "…, ER extended-release formulation, ITT intent-to-treat population": entries with no colon, after a comma. */
const GLOSSARY_ENTRY_BARE = new RegExp(String.raw`(?:^|[;,]\s+)${ABBREVIATION}\s+(?!(?:and|or)\b)[a-z][a-z\u2019'-]+`, 'gu');
const GLOSSARY_LEAD = /^(?:[a-z*†‡§]\s+)?Abbreviations?\b/i;

/**
 * A table's or a figure's list of abbreviations ("INP: intermittent nebulization program; EIMT: electronic inspiratory
 * muscle training; MIP: …"): it holds every term of a question about those measures, so it outscored the sentence that
 * reports them, yet it answers nothing. Two entries with a colon, three without, or an "Abbreviations" lead.
 */
export function isAbbreviationGlossary(sentence: string): boolean {
  return GLOSSARY_LEAD.test(sentence) || (sentence.match(GLOSSARY_ENTRY_COLON)?.length ?? 0) >= 2 || (sentence.match(GLOSSARY_ENTRY_BARE)?.length ?? 0) >= 3;
}
