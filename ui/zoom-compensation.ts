/**
 * Keeps the type scale at its size when the browser shows the page zoomed out. A display
 * with fewer device pixels than CSS pixels does not exist, so a devicePixelRatio below 1
 * means page zoom (Chrome shows extension pages at 75% on some set-ups): the root size is
 * divided by it. Zoom on a high-density display (ratio 1.5 = 2x screen at 75%) cannot be told
 * apart from the display itself and is left alone.
 */
export function pageZoomFromPixelRatio(devicePixelRatio: number): number {
  return devicePixelRatio > 0 && devicePixelRatio < 1 ? devicePixelRatio : 1;
}

export function compensatePageZoom(win: Window): void {
  const apply = () => win.document.documentElement.style.setProperty('--page-zoom', String(pageZoomFromPixelRatio(win.devicePixelRatio)));
  apply();
  // Zoom changes fire resize; the ratio is read again each time.
  win.addEventListener('resize', apply);
}
