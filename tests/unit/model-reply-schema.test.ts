import { describe, expect, it } from 'vitest';
import { DraftReplySchema, JudgeReplySchema, PlanReplySchema, readModelReply } from '../../shared/schema/model-reply-schema';

describe('model reply schemas', () => {
  it('repairs loose JSON first, then types it', () => {
    expect(readModelReply("```json\n{queries: ['tree search', 'GNN', 7, '', 'a', 'b'],}\n```", PlanReplySchema)).toEqual({ queries: ['tree search', 'GNN', 'a'] });
    expect(readModelReply('Sure! {"relevant": ["P1", 3, "P4"], "sufficient": false, "missing": "the reward"}', JudgeReplySchema)).toEqual({ relevant: ['P1', 'P4'], sufficient: false, missing: 'the reward' });
    expect(readModelReply('{"relevant": []}', JudgeReplySchema)).toEqual({ relevant: [], sufficient: true, missing: '' });
    expect(readModelReply('{"sentences": ["Plain.", {"text": "Cited.", "citations": [{"id": "P2", "quote": "q"}, {"quote": "no id"}]}, 5, {"sentence": "Alt."}]}', DraftReplySchema))
      .toEqual([{ text: 'Plain.', citations: [] }, { text: 'Cited.', citations: [{ id: 'P2', quote: 'q' }] }, { text: 'Alt.', citations: [] }]);
    expect(readModelReply('[{"text": "Bare list."}]', DraftReplySchema)).toEqual([{ text: 'Bare list.', citations: [] }]);
  });

  it('gives null for replies without the expected shape (callers fall back)', () => {
    expect(readModelReply('I cannot help with that.', PlanReplySchema)).toBeNull();
    expect(readModelReply('{"relevant": "P1"}', JudgeReplySchema)).toBeNull();
    expect(readModelReply('{"__proto__": {"queries": ["x"]}}', PlanReplySchema)).toBeNull();
    expect(readModelReply('{"queries": 3}', PlanReplySchema)).toBeNull();
  });
});
