/** What every stage after layout shares: the body style and the document's own vocabulary. */
import type { Vocabulary } from '../rules/text-rules';
import type { DocumentStyle } from '../style';

export interface PdfContext {
  style: DocumentStyle;
  vocabulary: Vocabulary;
}
