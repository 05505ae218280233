/**
 * How the names of a reference entry's authors are printed, in one place: the PDF rules that tell an entry's opening from a
 * title, a label or a figure's text all read names with these patterns.
 */

/** The particles of family names ("van der Walt", "de la Cruz", "von Neumann"), in lower case. */
export const NAME_PARTICLES = String.raw`(?:van|von|der|den|de|del|della|di|da|du|la|le|ten|ter|dos|das)\s`;
/** "Abel, T., …", "van der Berg, A. & …", "Van der Walt, S., …", "Smith, John, …": how an author-year entry begins. */
export const AUTHOR_YEAR_ENTRY_START = new RegExp(String.raw`^(?:${NAME_PARTICLES})*\p{Lu}[\p{L}'’-]+(?:\s(?:${NAME_PARTICLES})*\p{Lu}[\p{L}'’-]+)?,\s(?:\p{Lu}\.|&|\p{Lu}[\p{L}'’-]+,)`, 'u');
/** A surname and its initials, Vancouver's way, no stops: "O’Brien B", "Van der Berg N", "Müller RJ". */
export const SURNAME_INITIALS = String.raw`(?:${NAME_PARTICLES})*\p{Lu}[\p{L}'’-]+(?:\s(?:${NAME_PARTICLES})*\p{Lu}[\p{L}'’-]+)?\s\p{Lu}{1,3}`;
/**
 * PNAS's author-year entries (2017 class): "O’Brien B (2022) Neural variability …", "Müller R, García S (2003) …",
 * "Smith C, et al. (2019) …": surnames with initials, then the year in brackets. No title opens so.
 */
export const NAMES_THEN_YEAR = new RegExp(String.raw`^${SURNAME_INITIALS}(?:,\s${SURNAME_INITIALS})*(?:,?\set\sal\.?)?\s\((?:1[5-9]|20)\d{2}[a-z]?\)`, 'u');
/** How an author-year entry opens: "Surname, I.", MNRAS's "Surname I. J.,", or the dash that repeats the authors above ("—. 2020, arXiv:…"). */
export const AUTHOR_ENTRY_OPENING = new RegExp(`${AUTHOR_YEAR_ENTRY_START.source}|^\\p{Lu}[\\p{L}'’-]+(?:\\s\\p{Lu}[\\p{L}'’-]+)?\\s(?:\\p{Lu}\\.\\s?){1,3}[,&]|^(?:—+|–{2,}|-{3,})[.,]\\s`, 'u');
/** How an entry's authors open: "Boneh, D.,", "Knuth, D.E.:", Vancouver's "Liu C,", "Huang LS,", IEEE's "D. Boneh". */
/** An author written initials first ("W. Chen and C. Dubois.", natbib's abbrvnat); a surname first ("Boneh, D.,") opens LNCS's continuation lines too. */
export const INITIALS_FIRST_AUTHOR = /^(?:\p{Lu}\.\s?){1,3}\p{Lu}[\p{L}'’-]+/u;
export const ENTRY_AUTHORS = new RegExp(String.raw`${AUTHOR_YEAR_ENTRY_START.source}|^\p{Lu}[\p{L}'’-]+\s\p{Lu}{1,3}[,.]|${INITIALS_FIRST_AUTHOR.source}`, 'u');
/** A list of authors, initials first, without stops or with them: "A Author, B Writer", "JM Keynes and", "A. B. Author,". */
export const NAME_LIST_OPENING = /^(?:\p{Lu}{1,3}\.?\s){1,3}\p{Lu}[\p{L}'’-]+(?:,|\s(?:and|&)\s)/u;
/**
 * A list of names with initials and no stops, as IOP and Vancouver-style references set them ("Lukyanov S M, Denikin A S,
 * Voskoboynik E I"; "Smith AB, Jones C and"): more than half its tokens are one or two capitals, like a spaced-out plot
 * label's, but each group follows a surname and is closed by a comma or "and".
 */
export const NAME_WITH_BARE_INITIALS = /\p{Lu}[\p{Ll}'’-]+(?: \p{Lu}{1,2}){1,3}(?=,|\s+and\s)/gu;
