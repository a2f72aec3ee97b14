/**
 * What the model server says about itself, asked before any job is leased: whether it answers,
 * its own context window (so a config larger than it is refused up front instead of failing every
 * job or being scored as the harness's context_full), and whether it offers a tokenizer (so room
 * in the window is judged with the server's own counts). Sources, per server (docs/desktop-device.md):
 * - llama.cpp: `GET /props` default_generation_settings.n_ctx (the window each slot gets from
 *   `-c`/`-np`); `/v1/models` data[].meta.n_ctx_train is only the model's training window;
 *   `POST /tokenize {content}` → {tokens}.
 * - vLLM: `/v1/models` data[].max_model_len (`--max-model-len`).
 * - LM Studio: `GET /api/v0/models/{model}` loaded_context_length (max_context_length is the model's).
 * - Ollama: `GET /api/ps` models[].context_length of the loaded model (`OLLAMA_CONTEXT_LENGTH`).
 */

export interface ServerWindow {
  tokens: number;
  /** Where it was read, for the console and the refusal message. */
  source: string;
}

export interface ServerInfo {
  window: ServerWindow | null;
  /** Counts a text with the server's tokenizer; null when the server offers none. */
  tokenize: ((text: string) => Promise<number | null>) | null;
}

export interface ProbeOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/* eslint-disable @typescript-eslint/no-explicit-any */
async function getJson(o: ProbeOptions, url: string, init: RequestInit = {}): Promise<any | null> {
  try {
    const res = await (o.fetch ?? fetch)(url, {
      ...init,
      headers: {
        ...(init.body ? { "content-type": "application/json" } : {}),
        ...(o.apiKey ? { authorization: `Bearer ${o.apiKey}` } : {}),
      },
      signal: AbortSignal.timeout(o.timeoutMs ?? 5000),
    });
    if (!res.ok) return null;
    return await res.json();
  } catch {
    return null;
  }
}

const v1 = (o: ProbeOptions) => o.baseUrl.replace(/\/+$/, "");
/** The server's root: the OpenAI base without its trailing /v1. */
const root = (o: ProbeOptions) => v1(o).replace(/\/v1$/, "");
const positive = (x: unknown): number | null => (typeof x === "number" && Number.isInteger(x) && x > 0 ? x : null);

/** True when the server answers `GET /models` at all (any HTTP status counts: it is up). */
export async function serverAnswers(o: ProbeOptions): Promise<boolean> {
  try {
    await (o.fetch ?? fetch)(v1(o) + "/models", {
      headers: o.apiKey ? { authorization: `Bearer ${o.apiKey}` } : {},
      signal: AbortSignal.timeout(o.timeoutMs ?? 5000),
    });
    return true;
  } catch {
    return false;
  }
}

export async function readWindow(o: ProbeOptions): Promise<ServerWindow | null> {
  const props = await getJson(o, root(o) + "/props");
  const nCtx = positive(props?.default_generation_settings?.n_ctx) ?? positive(props?.n_ctx);
  if (nCtx) return { tokens: nCtx, source: "llama.cpp /props n_ctx" };
  const models = await getJson(o, v1(o) + "/models");
  const list: any[] = Array.isArray(models?.data) ? models.data : [];
  const entry = list.find((m) => m?.id === o.model) ?? (list.length === 1 ? list[0] : undefined);
  const maxLen = positive(entry?.max_model_len);
  if (maxLen) return { tokens: maxLen, source: "vLLM /v1/models max_model_len" };
  const lms = await getJson(o, `${root(o)}/api/v0/models/${encodeURIComponent(o.model)}`);
  const loaded = positive(lms?.loaded_context_length);
  if (loaded) return { tokens: loaded, source: "LM Studio /api/v0/models loaded_context_length" };
  const ps = await getJson(o, root(o) + "/api/ps");
  const running: any[] = Array.isArray(ps?.models) ? ps.models : [];
  const ollama = running.find((m) => m?.name === o.model || m?.model === o.model);
  const ctx = positive(ollama?.context_length);
  if (ctx) return { tokens: ctx, source: "Ollama /api/ps context_length" };
  return null;
}

export async function findTokenizer(o: ProbeOptions): Promise<ServerInfo["tokenize"]> {
  const count = async (text: string): Promise<number | null> => {
    const r = await getJson(o, root(o) + "/tokenize", {
      method: "POST",
      body: JSON.stringify({ content: text, add_special: false }),
    });
    return Array.isArray(r?.tokens) ? r.tokens.length : null;
  };
  return (await count("probe")) === null ? null : count;
}

export async function probeServer(o: ProbeOptions): Promise<ServerInfo> {
  const [window, tokenize] = await Promise.all([readWindow(o), findTokenizer(o)]);
  return { window, tokenize };
}

/** The refusal, naming the setting to raise on each server. */
export function windowTooSmall(server: number, needed: number, configId: string, source: string): string {
  return (
    `The model server's context window is ${server} tokens (${source}) but config ${configId} needs ${needed}: ` +
    `restart the server with a window of at least ${needed} (llama.cpp: -c ${needed}, and -np 1 or -c ${needed} × slots; ` +
    `Ollama: OLLAMA_CONTEXT_LENGTH=${needed}; vLLM: --max-model-len ${needed}; LM Studio: the model's context length), then start the device again.`
  );
}
