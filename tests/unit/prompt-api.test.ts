import { describe, expect, it } from 'vitest';
import { createPromptApiModel, type LanguageModelApi } from '../../shared/llm/prompt-api';

function fakeApi(availability: string, reply: string): LanguageModelApi & { prompts: string[]; systems: string[] } {
  const prompts: string[] = [];
  const systems: string[] = [];
  return {
    prompts,
    systems,
    availability: async () => availability,
    create: async (options) => {
      systems.push(...(options?.initialPrompts ?? []).map((p) => p.content));
      return {
        prompt: async (input: string) => {
          prompts.push(input);
          return reply;
        },
        async *promptStreaming(input: string) {
          prompts.push(input);
          for (const piece of reply.match(/.{1,5}/g) ?? []) yield piece;
        },
      };
    },
  };
}

describe("Chrome's built-in model adapter", () => {
  it('sends system messages as initial prompts and returns the reply, streamed when asked', async () => {
    const api = fakeApi('available', '{"queries": ["a"]}');
    const model = createPromptApiModel(api);
    const streamed: string[] = [];
    const response = await model.chat({ messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hello' }], onText: (d) => streamed.push(d) });
    expect(response).toMatchObject({ text: '{"queries": ["a"]}', complete: true });
    expect(streamed.join('')).toBe(response.text);
    expect(api.systems).toEqual(['Be brief.']);
    expect(api.prompts).toEqual(['Hello']);
    expect(response.inputTokens).toBeGreaterThan(0);
  });

  it('says clearly when the model is not available in this browser', async () => {
    await expect(createPromptApiModel(fakeApi('downloadable', '')).chat({ messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({ code: 'LLM_NOT_CONFIGURED' });
  });
});
