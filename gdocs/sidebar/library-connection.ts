import type { PaneLibrary } from '../../panes/pane-library';

/** The sidebar's library once the extension answered, or why there is none. */
export interface LibraryConnection {
  library: PaneLibrary | null;
  problem: string | null;
}
