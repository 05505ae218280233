/** A long step in progress: what it is doing, the seconds it has taken, and Cancel. */
import { useEffect, useState } from 'preact/hooks';

export function Progress({ label, startedAt, onCancel }: { label: string; startedAt: number; onCancel: () => void }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.floor((now - startedAt) / 1_000));
  return (
    <div class="notice progress" role="status" data-testid="progress">
      <span>
        {label} <span class="muted" data-testid="elapsed">{seconds} s</span>
      </span>
      <button type="button" data-testid="cancel" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
