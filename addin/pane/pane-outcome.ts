/** What a pane action reports: a line of information, an error worth keeping on screen (some files failed), or nothing. */
export type PaneOutcome = string | { error: string } | void;

export type RunPaneAction = (task: () => Promise<PaneOutcome>) => Promise<void>;
