/**
 * "Test connection" for an OpenAI-compatible endpoint, before its settings are saved: one
 * GET of `<base URL>/models` tells whether the server is there, whether it takes the key,
 * and whether the model named is one it serves. Nothing from the library is sent.
 */
import * as v from 'valibot';
import type { OpenAiCompatibleConfig } from '../llm/openai-compatible';

type FetchLike = NonNullable<OpenAiCompatibleConfig['fetch']>;

export interface ConnectionReport {
  /** Everything checked passed: the settings can be saved and used. */
  ok: boolean;
  reachable: boolean;
  /** null: not known (no key was sent and none was asked for, or the server does not list keys' fate). */
  keyAccepted: boolean | null;
  /** null: the server does not list its models. */
  modelFound: boolean | null;
  /** Up to 20 model ids the server lists, for the user to pick from. */
  models: string[];
  message: string;
}

const ModelList = v.object({ data: v.array(v.object({ id: v.string() })) });

export async function testEndpoint(endpoint: { baseURL: string; model: string; apiKey?: string }, fetchImpl: FetchLike): Promise<ConnectionReport> {
  const origin = new URL(endpoint.baseURL).origin;
  let response: Response;
  try {
    response = await fetchImpl(`${endpoint.baseURL.replace(/\/+$/, '')}/models`, {
      headers: endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {},
      redirect: 'error',
    });
  } catch {
    return { ok: false, reachable: false, keyAccepted: null, modelFound: null, models: [], message: `Not reachable: nothing answers at ${origin}. Is the server running (for Ollama: \`ollama serve\`)?` };
  }
  const keyNote = endpoint.apiKey ? 'key accepted' : 'no key sent';
  if (response.status === 401 || response.status === 403) {
    return { ok: false, reachable: true, keyAccepted: false, modelFound: null, models: [], message: `Reachable, but the server refused ${endpoint.apiKey ? 'the API key' : 'a request without an API key'} (HTTP ${response.status}).` };
  }
  if (!response.ok) {
    return { ok: false, reachable: true, keyAccepted: null, modelFound: null, models: [], message: `Reachable, but ${origin} answered HTTP ${response.status} for the model list: check the base URL (it usually ends in /v1).` };
  }
  const parsed = v.safeParse(ModelList, await response.json().catch(() => null));
  if (!parsed.success) {
    return { ok: true, reachable: true, keyAccepted: endpoint.apiKey ? true : null, modelFound: null, models: [], message: `Reachable, ${keyNote}; the server does not list its models, so "${endpoint.model}" could not be checked.` };
  }
  const models = parsed.output.data.map((m) => m.id);
  const found = models.includes(endpoint.model);
  const keyAccepted = endpoint.apiKey ? true : null;
  if (!found) {
    const some = models.slice(0, 5).join(', ');
    return { ok: false, reachable: true, keyAccepted, modelFound: false, models: models.slice(0, 20), message: `Reachable, ${keyNote}, but the server has no model "${endpoint.model}"${some ? ` (it has: ${some}${models.length > 5 ? ', …' : ''})` : ''}.` };
  }
  return { ok: true, reachable: true, keyAccepted, modelFound: true, models: models.slice(0, 20), message: `Reachable, ${keyNote}, model "${endpoint.model}" found.` };
}
