/**
 * UTF-8 length of a string, counted by hand: Apps Script's V8 runtime has no TextEncoder,
 * and the properties quotas are in bytes.
 */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}
