/** The current pane's two style choices; word-document.ts maps them to CSL styles (IEEE, APA). */
export type { ListStyle } from './word-document';
