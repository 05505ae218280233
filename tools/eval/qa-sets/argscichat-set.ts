/**
 * ArgSciChat: dialogue turns about NLP papers whose text here is the abstract and
 * introduction only, as sentences. Three consecutive sentences make a paragraph; the
 * gold paragraphs hold the reply's supporting facts. Only question turns with facts
 * are asked (greetings and chit-chat have none).
 */
import { join } from 'node:path';
import type { LibraryPaper } from '../../../shared/model/paper';
import { FIXTURES_ROOT } from '../../fixture-papers';
import { ArgSciChatFileSchema, readQaFile } from './qa-file-schemas';
import { paperFromSections, paragraphsHolding, type QaItem, type QaSet } from './qa-set';

const SENTENCES_PER_PARAGRAPH = 3;

export function loadArgSciChatSet(): QaSet {
  const raw = readQaFile(join(FIXTURES_ROOT, 'qa', 'argscichat', 'argscichat_all.json'), ArgSciChatFileSchema, 'ArgSciChat');
  const papers: LibraryPaper[] = [];
  const items: QaItem[] = [];
  raw.forEach((entry, i) => {
    const paragraphs: string[] = [];
    for (let s = 0; s < entry.content.length; s += SENTENCES_PER_PARAGRAPH) paragraphs.push(entry.content.slice(s, s + SENTENCES_PER_PARAGRAPH).join(' '));
    const paper = paperFromSections(`argscichat:${i + 1}`, entry.title, [{ title: 'Abstract and introduction', paragraphs }]);
    papers.push(paper);
    for (const pair of entry.message_pairs) {
      if (!pair.P_Message.includes('?') || !pair.facts.length) continue;
      const gold = new Set(pair.facts.flatMap((f) => paragraphsHolding(paper, f)));
      items.push({ id: `argscichat:${pair.id}`, paperId: paper.id, question: pair.P_Message, answerable: true, evidence: gold.size ? [gold] : [], answers: [pair.DE_Message] });
    }
  });
  return { name: 'argscichat', papers, items };
}
