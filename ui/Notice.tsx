/**
 * A notice shown next to what caused it. Information goes away by itself after a few
 * seconds; errors stay until dismissed or replaced. Either can be dismissed, and may carry
 * one action (Undo). The region is live, so screen readers hear it.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

export interface NoticeData {
  text: string;
  kind: 'info' | 'error';
  action?: { label: string; run: () => void };
  /** Called once when the notice goes away without its action (timed out, dismissed, replaced). */
  onExpire?: () => void;
}

export const INFO_NOTICE_MS = 6_000;

/** One notice slot: showing a new notice replaces (and expires) the old one. */
export function useNotice(): [NoticeData | null, (notice: NoticeData | null) => void] {
  const [notice, setNotice] = useState<NoticeData | null>(null);
  const current = useRef<NoticeData | null>(null);
  const show = useCallback((next: NoticeData | null) => {
    const previous = current.current;
    current.current = next;
    setNotice(next);
    previous?.onExpire?.();
  }, []);
  useEffect(() => () => current.current?.onExpire?.(), []);
  return [notice, show];
}

export function Notice({ notice, onDismiss, testId }: { notice: NoticeData | null; onDismiss: (notice: null) => void; testId: string }) {
  useEffect(() => {
    if (!notice || notice.kind === 'error') return;
    const timer = setTimeout(() => onDismiss(null), INFO_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice, onDismiss]);
  if (!notice) return null;
  return (
    <div class={`notice${notice.kind === 'error' ? ' error' : ''}`} role={notice.kind === 'error' ? 'alert' : 'status'} data-testid={testId}>
      <span>{notice.text}</span>
      {notice.action && (
        <button
          type="button"
          class="link"
          data-testid={`${testId}-action`}
          onClick={() => {
            const action = notice.action!;
            // The action replaces expiry: clear the slot without calling onExpire.
            notice.onExpire = undefined;
            onDismiss(null);
            action.run();
          }}
        >
          {notice.action.label}
        </button>
      )}
      <button type="button" class="link" aria-label="Dismiss" data-testid={`${testId}-dismiss`} onClick={() => onDismiss(null)}>
        ✕
      </button>
    </div>
  );
}
