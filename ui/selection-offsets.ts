/** Where the user's text selection sits inside an element, as offsets into its text (null when it is not inside). */
export function selectionOffsetsWithin(element: HTMLElement): { start: number; end: number } | null {
  const selection = element.ownerDocument.getSelection();
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  if (!element.contains(range.startContainer) || !element.contains(range.endContainer)) return null;
  const before = element.ownerDocument.createRange();
  before.setStart(element, 0);
  before.setEnd(range.startContainer, range.startOffset);
  const start = before.toString().length;
  return { start, end: start + range.toString().length };
}
