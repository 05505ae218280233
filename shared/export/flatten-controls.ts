/** Control characters and line or paragraph separators become spaces: exported text stays one line, as the passage is one. */
export function isControlOrBreak(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029;
}

export function flattenControls(text: string): string {
  let out = '';
  for (const char of text) out += isControlOrBreak(char) ? ' ' : char;
  return out;
}
