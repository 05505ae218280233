/**
 * Which library the pane is using, how many papers it holds, and how to connect the other one:
 * the extension's library (Word on the web, in a browser with Verbatim) or the pane's own
 * (Word on Windows or Mac: a library bundle exported from the side panel, files, arXiv ids).
 */
import type { PaneLibraryDescription } from '../../panes/pane-library';

export interface LibraryBarProps {
  description: PaneLibraryDescription | null;
  /** Why the extension's library cannot be used here, when it cannot. */
  extensionProblem: string | null;
  /** Offered when the extension answered: switch between its library and the pane's own. */
  canSwitch: boolean;
  onSwitch: () => void;
}

export function LibraryBar({ description, extensionProblem, canSwitch, onSwitch }: LibraryBarProps) {
  if (!description) return <p class="notice muted" data-testid="pane-library">Connecting to the library…</p>;
  const count = `${description.papers} paper${description.papers === 1 ? '' : 's'}`;
  return (
    <section class="library-bar" aria-label="Library in use" data-testid="pane-library" data-kind={description.kind}>
      <p>
        <strong>{description.label}</strong> · {count}
        {canSwitch && (
          <>
            {' '}
            <button type="button" class="link" data-testid="switch-library" onClick={onSwitch}>
              {description.kind === 'extension' ? "Use this pane's own library" : "Use the extension's library"}
            </button>
          </>
        )}
      </p>
      {description.kind === 'local' && (
        <p class="muted" data-testid="connect-hint">
          {extensionProblem ? `${extensionProblem} ` : ''}
          To use the papers you saved in the browser, open this document in Word on the web in Chrome with the Verbatim extension, or export the library from
          Verbatim's side panel (“Export library”) and import the file below.
        </p>
      )}
      {description.kind === 'extension' && (
        <p class="muted" data-testid="connect-hint">
          Reading the Verbatim extension's library in this browser. In Word on Windows or Mac, import a library bundle exported from the side panel instead.
        </p>
      )}
    </section>
  );
}
