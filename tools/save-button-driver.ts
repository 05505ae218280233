/**
 * Drives the Save button from outside the page, as a user would. The button lives in a
 * closed shadow root, out of reach of page scripts and of Playwright's selectors, so this
 * finds it through the DevTools protocol (DOM.getDocument with pierce) and clicks it with a
 * real (trusted) mouse click at its position.
 */
import type { CDPSession, Page } from 'playwright-core';

interface DomNode {
  nodeId: number;
  localName?: string;
  attributes?: string[];
  children?: DomNode[];
  shadowRoots?: (DomNode & { shadowRootType?: string })[];
}

export interface SaveButtonDriver {
  /** 'open' or 'closed', as the browser reports the button's shadow root. */
  shadowRootType: string;
  /** A trusted click: a real mouse event at the button's centre. */
  click(): Promise<void>;
  /**
   * A script click (event.isTrusted false), as a page script that could reach the button would
   * make. Whether a save started is read right after: the click handler runs inside click().
   */
  scriptClick(): Promise<{ started: boolean; status: string }>;
  /** Resolves when the button is enabled again (the save finished), with the status text. */
  settled(timeoutMs?: number): Promise<string>;
  status(): Promise<string>;
  /** Resolves with the button's own label once it equals `text` (watched, not polled). */
  labelBecomes(text: string, timeoutMs?: number): Promise<string>;
  /** Resolves with the status text once it equals `text` (watched, not polled); rejects after the timeout. */
  statusBecomes(text: string, timeoutMs?: number): Promise<string>;
  detach(): Promise<void>;
}

function find(node: DomNode, test: (n: DomNode) => boolean): DomNode | null {
  if (test(node)) return node;
  for (const child of [...(node.shadowRoots ?? []), ...(node.children ?? [])]) {
    const hit = find(child, test);
    if (hit) return hit;
  }
  return null;
}

const hasClass = (node: DomNode, name: string) => {
  const attributes = node.attributes ?? [];
  const index = attributes.indexOf('class');
  return index >= 0 && index % 2 === 0 && (attributes[index + 1] ?? '').split(/\s+/).includes(name);
};

async function objectIdFor(cdp: CDPSession, nodeId: number): Promise<string> {
  const { object } = await cdp.send('DOM.resolveNode', { nodeId });
  return object.objectId!;
}

async function call<T>(cdp: CDPSession, objectId: string, functionDeclaration: string): Promise<T> {
  const { result, exceptionDetails } = await cdp.send('Runtime.callFunctionOn', { objectId, functionDeclaration, returnByValue: true, awaitPromise: true });
  if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
  return result.value as T;
}

export async function saveButton(page: Page, timeoutMs = 20_000): Promise<SaveButtonDriver> {
  await page.locator('verbatim-save').waitFor({ state: 'attached', timeout: timeoutMs });
  const cdp = await page.context().newCDPSession(page);
  const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
  const host = find(root, (n) => n.localName === 'verbatim-save');
  const shadow = host?.shadowRoots?.[0] as (DomNode & { shadowRootType?: string }) | undefined;
  const buttonNode = shadow && find(shadow, (n) => n.localName === 'button');
  const statusNode = shadow && find(shadow, (n) => hasClass(n, 'status'));
  if (!shadow || !buttonNode || !statusNode) throw new Error('no Save button on this page');
  const button = await objectIdFor(cdp, buttonNode.nodeId);
  const status = await objectIdFor(cdp, statusNode.nodeId);
  const readStatus = () => call<string>(cdp, status, 'function () { return this.textContent ?? ""; }');
  return {
    shadowRootType: shadow.shadowRootType ?? 'unknown',
    async click() {
      const box = await call<{ x: number; y: number }>(cdp, button, 'function () { const r = this.getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; }');
      await page.mouse.click(box.x, box.y);
    },
    async scriptClick() {
      const started = await call<boolean>(cdp, button, 'function () { this.click(); return this.disabled; }');
      return { started, status: await readStatus() };
    },
    async settled(waitMs = 60_000) {
      // A MutationObserver, not polling: resolves when the click handler re-enables the button.
      const enabled = call<void>(cdp, button, `function () {
        const b = this;
        return new Promise((resolve) => {
          if (!b.disabled) return resolve();
          const o = new MutationObserver(() => { if (!b.disabled) { o.disconnect(); resolve(); } });
          o.observe(b, { attributes: true });
        });
      }`);
      await withTimeout(enabled, waitMs, 'the save did not finish');
      return readStatus();
    },
    status: readStatus,
    async statusBecomes(text, waitMs = 20_000) {
      await withTimeout(textBecomes(cdp, status, text), waitMs, `the status never read "${text}"`);
      return readStatus();
    },
    async labelBecomes(text, waitMs = 20_000) {
      await withTimeout(textBecomes(cdp, button, text), waitMs, `the button never read "${text}"`);
      return call<string>(cdp, button, 'function () { return this.textContent ?? ""; }');
    },
    detach: () => cdp.detach(),
  };
}

/** Resolves when the node's text reads exactly `text` (now, or after a later mutation). */
function textBecomes(cdp: CDPSession, objectId: string, text: string): Promise<void> {
  return call<void>(cdp, objectId, `function () {
    const node = this;
    const want = ${JSON.stringify(text)};
    return new Promise((resolve) => {
      if (node.textContent === want) return resolve();
      const o = new MutationObserver(() => { if (node.textContent === want) { o.disconnect(); resolve(); } });
      o.observe(node, { childList: true, characterData: true, subtree: true });
    });
  }`);
}

async function withTimeout(promise: Promise<unknown>, ms: number, what: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms)));
  try {
    await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
