/** "Find selected text" in a writing pane: the document's selection as a search query, or what to tell the writer. */
import { queryFromSelection } from '../shared/text/selection-query';

export const NOTHING_SELECTED = 'Select the sentence to find in the document first.';

/** The query for the text `read` returns (Word's selected range, Docs' selection), or the notice when it is empty. */
export async function queryForSelection(read: () => Promise<string>): Promise<{ query: string } | { notice: string }> {
  const query = queryFromSelection(await read());
  return query ? { query } : { notice: NOTHING_SELECTED };
}
