/**
 * A rendering without the cite engine, for tests about what the server writes: works numbered
 * by first appearance ("numbers"; "raised": bare numbers set as superscript, as Nature's), or labelled by title (any other style name).
 */
import { passageKey } from '../../../gdocs/common/citation-url';
import type { DocumentRendering, DocumentState } from '../../../gdocs/common/document-contract';

export function plainRendering(state: DocumentState, style = 'numbers'): DocumentRendering {
  const order: string[] = [];
  for (const c of state.citations) if (!order.includes(c.anchor.paperId)) order.push(c.anchor.paperId);
  const label = (id: string) => (style === 'numbers' ? `[${order.indexOf(id) + 1}]` : style === 'raised' ? String(order.indexOf(id) + 1) : `(${String(state.records[id]?.title)})`);
  const secondary = [...new Set(state.citations.flatMap((c) => state.citedWorks[passageKey(c.anchor)] ?? []))].filter((id) => !order.includes(id));
  return {
    style,
    basedOn: state.citations.map((c) => c.url),
    citationTexts: state.citations.map((c) => label(c.anchor.paperId)),
    citationsRaised: style === 'raised',
    bibliography: {
      heading: 'References',
      primary: order.map((id) => `${label(id)} ${String(state.records[id]?.title)}`),
      secondaryHeading: 'Works cited in the quoted passages',
      secondary: secondary.map((id) => String(state.records[id]?.title)),
    },
  };
}
