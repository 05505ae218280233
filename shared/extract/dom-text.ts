/** Small DOM helpers that work the same on linkedom and browser DOMs. */

export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;

export function hasClass(element: Element, className: string): boolean {
  return (element.getAttribute('class') ?? '').split(/\s+/).includes(className);
}

export function classList(element: Element): string[] {
  return (element.getAttribute('class') ?? '').split(/\s+/).filter(Boolean);
}

export function childElements(element: Element): Element[] {
  const out: Element[] = [];
  for (const node of Array.from(element.childNodes)) {
    if (node.nodeType === ELEMENT_NODE) out.push(node as Element);
  }
  return out;
}

export function tagName(element: Element): string {
  return element.tagName.toLowerCase();
}
