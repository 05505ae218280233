/**
 * A loopback server that speaks the OpenAI chat-completions API with scripted replies:
 * streamed or not, HTTP errors (429 with retry headers, 500), malformed content, streams
 * cut off mid-answer, and slow replies. It stands in for the model in tests and demos;
 * nothing it answers says anything about a real model's quality.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { selfSignedCertificate } from './self-signed';
import type { AddressInfo, Socket } from 'node:net';

export interface ChatRequestBody {
  model: string;
  messages: { role: string; content: string }[];
  stream?: boolean;
  response_format?: { type: string };
}

export interface ScriptedReply {
  status?: number;
  content?: string;
  /** Close the connection after sending this share of the streamed content. */
  cutAt?: number;
  delayMs?: number;
}

export type Script = ScriptedReply | ((request: ChatRequestBody, index: number) => ScriptedReply);

export interface OpenAiStandIn {
  baseURL: string;
  port: number;
  requests: ChatRequestBody[];
  /** The Authorization header of each chat request (undefined when none was sent): where keys went. */
  authorizations: (string | undefined)[];
  /** Replies in order; when the queue is empty, `fallback` answers. */
  queue: Script[];
  fallback: Script | null;
  /** Chat requests whose client went away before the reply was sent (a cancelled question). */
  abandoned: number;
  close(): Promise<void>;
}

const tokens = (text: string) => Math.ceil(text.length / 4);

export interface OpenAiStandInOptions {
  /**
   * Serve https with a self-signed certificate for this host name, as a remote endpoint
   * would be reached (the browser maps the name to this server); baseURL is then https://<host>/v1.
   */
  tlsHost?: string;
  /** The model ids GET /models lists (default: ["scripted"]). */
  models?: string[];
  /** When set, GET /models answers 401 unless this key is sent as the bearer token. */
  requiredKey?: string;
}

export async function startOpenAiStandIn(fallback: Script | null = null, options: OpenAiStandInOptions = {}): Promise<OpenAiStandIn> {
  const state: OpenAiStandIn = { baseURL: '', port: 0, requests: [], authorizations: [], queue: [], fallback, abandoned: 0, close: async () => undefined };
  const certificate = options.tlsHost ? selfSignedCertificate(options.tlsHost) : null;
  if (options.tlsHost && !certificate) throw new Error('openssl is needed for an https stand-in');
  const server: Server = certificate ? createHttpsServer(certificate, (req, res) => void handle(req, res)) : createServer((req, res) => void handle(req, res));
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Browsers (the extension without a host grant) need CORS, as real local servers provide.
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', '*');
    res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
    res.setHeader('access-control-expose-headers', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    if (req.method === 'GET' && req.url?.endsWith('/models')) {
      if (options.requiredKey && req.headers.authorization !== `Bearer ${options.requiredKey}`) {
        res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'invalid api key' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data: (options.models ?? ['scripted']).map((id) => ({ id, object: 'model' })) }));
      return;
    }
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = JSON.parse(raw) as ChatRequestBody;
    const index = state.requests.length;
    state.requests.push(body);
    state.authorizations.push(req.headers.authorization);
    const script = state.queue.shift() ?? state.fallback;
    if (!script) {
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'no scripted reply left' } }));
      return;
    }
    const reply = typeof script === 'function' ? script(body, index) : script;
    if (reply.delayMs) {
      // Waits for the delay or for the client to go away, whichever comes first.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, reply.delayMs);
        res.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    if (res.destroyed || res.writableEnded || req.socket.destroyed) {
      state.abandoned++;
      return;
    }
    const status = reply.status ?? 200;
    if (status >= 400) {
      res.writeHead(status, { 'content-type': 'application/json', 'retry-after-ms': '5' }).end(JSON.stringify({ error: { message: `scripted ${status}`, type: 'scripted' } }));
      return;
    }
    const content = reply.content ?? '';
    const promptTokens = body.messages.reduce((n, m) => n + tokens(m.content), 0);
    const usage = { prompt_tokens: promptTokens, completion_tokens: tokens(content), total_tokens: promptTokens + tokens(content) };
    const base = { id: `chatcmpl-${index}`, created: 0, model: body.model };
    if (!body.stream) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ...base, object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }], usage }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
    const pieces = content.match(/[\s\S]{1,24}/g) ?? [];
    const stopAt = reply.cutAt === undefined ? pieces.length : Math.floor(pieces.length * reply.cutAt);
    for (const [i, piece] of pieces.entries()) {
      if (i >= stopAt) {
        // Cut off mid-answer: what was sent arrives, then the connection drops (no finish_reason, no [DONE]).
        await new Promise((r) => setTimeout(r, 30));
        res.socket?.destroy();
        return;
      }
      send({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] });
    }
    send({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
    send({ ...base, object: 'chat.completion.chunk', choices: [], usage });
    res.end('data: [DONE]\n\n');
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  state.port = (server.address() as AddressInfo).port;
  state.baseURL = options.tlsHost ? `https://${options.tlsHost}/v1` : `http://127.0.0.1:${state.port}/v1`;
  state.close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return state;
}

/** The passages a prompt shows, as "[P3] (label) text" lines: what a scripted model can quote from. */
export function passagesInPrompt(request: ChatRequestBody): { id: string; text: string }[] {
  const prompt = request.messages.map((m) => m.content).join('\n');
  return [...prompt.matchAll(/^\[(P\d+)\] \([^)]*\) (.*)$/gm)].map((m) => ({ id: m[1]!, text: m[2]!.replace(/ …$/, '') }));
}

export type PromptKind = 'plan' | 'judge' | 'synthesis' | 'other';

export function promptKind(request: ChatRequestBody): PromptKind {
  const prompt = request.messages.map((m) => m.content).join('\n');
  if (prompt.includes('keyword search queries')) return 'plan';
  if (prompt.includes('List the ids of the passages')) return 'judge';
  if (prompt.includes('Answer in a few sentences')) return 'synthesis';
  return 'other';
}
