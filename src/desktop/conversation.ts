import { type ContextView, elisionStub, SUMMARY_PROMPT } from "@/domain/agent/context-policy";
import { estimateMessageTokens } from "@/domain/agent/tokens";
import type { ChatMessage, ChatToolCall } from "./openai";

/**
 * The conversation the device sends: a preamble (system prompt; the task, plus the running
 * summary once there is one) and turns (the model's message, then its observations). Token sizes
 * here are estimates used to plan context management; the real counts come from the endpoint.
 */

interface Observation {
  msg: ChatMessage;
  /** The tool whose output this is (null for a note such as an unreadable-call message). */
  tool: string | null;
  elided: boolean;
}

interface HistoryTurn {
  assistant: ChatMessage;
  /** The reply as the model wrote it, calls included (sent back as is in text history). */
  raw: string;
  observations: Observation[];
}

/**
 * `native`: calls go back as `tool_calls` and results as `tool` messages. `text`: for chat
 * templates without a tool role (Gemma 3's raises on anything but alternating user/assistant),
 * the reply goes back as written and a turn's results as one user message.
 */
export type HistoryMode = "native" | "text";

const asText = (o: Observation) => (o.tool ? `[${o.tool} result]\n${o.msg.content}` : o.msg.content);

const tokensOf = (m: ChatMessage) =>
  estimateMessageTokens(m.content + (m.role === "assistant" && m.tool_calls ? JSON.stringify(m.tool_calls) : ""));

export class Conversation {
  private turns: HistoryTurn[] = [];
  private summary: string | null = null;

  constructor(
    readonly systemPrompt: string,
    readonly task: string,
    public mode: HistoryMode = "native",
  ) {}

  /** The messages as the model sees them; `note` (the current plan) is appended to the newest message only. */
  messages(note?: string): ChatMessage[] {
    const out: ChatMessage[] = [];
    if (this.systemPrompt) out.push({ role: "system", content: this.systemPrompt });
    out.push({
      role: "user",
      content: this.summary ? `${this.task}\n\n[Summary of your work so far]\n${this.summary}` : this.task,
    });
    for (const t of this.turns) {
      if (this.mode === "native") out.push(t.assistant, ...t.observations.map((o) => o.msg));
      else {
        out.push({ role: "assistant", content: t.raw });
        if (t.observations.length) out.push({ role: "user", content: t.observations.map(asText).join("\n\n") });
      }
    }
    if (note) {
      const last = out[out.length - 1];
      out[out.length - 1] = { ...last, content: `${last.content}\n\n${note}` } as ChatMessage;
    }
    return out;
  }

  addAssistant(content: string, toolCalls: ChatToolCall[], raw: string): void {
    this.turns.push({
      assistant: toolCalls.length
        ? { role: "assistant", content, tool_calls: toolCalls }
        : { role: "assistant", content },
      raw,
      observations: [],
    });
  }

  addToolResult(callId: string, tool: string, content: string): void {
    this.last().observations.push({ msg: { role: "tool", tool_call_id: callId, content }, tool, elided: false });
  }

  addNote(content: string): void {
    this.last().observations.push({ msg: { role: "user", content }, tool: null, elided: false });
  }

  /** Estimated tokens of the messages added since the model last replied (its next input). */
  pendingTokens(): number {
    if (this.turns.length === 0) return estimateMessageTokens(this.messages()[this.systemPrompt ? 1 : 0].content);
    return this.last().observations.reduce((n, o) => n + tokensOf(o.msg), 0);
  }

  /** The texts of the messages added since the model last replied, for counting with the server's tokenizer. */
  pendingTexts(): string[] {
    if (this.turns.length === 0) return [this.messages()[this.systemPrompt ? 1 : 0].content];
    const obs = this.last().observations;
    if (this.mode === "text") return obs.length ? [obs.map(asText).join("\n\n")] : [];
    return obs.map((o) => o.msg.content);
  }

  view(window: number, used: number): ContextView {
    return {
      window,
      used,
      turns: this.turns.map((t) => {
        const outputs = t.observations
          .filter((o) => o.tool !== null)
          .map((o) => ({ tokens: tokensOf(o.msg), elided: o.elided }));
        return { tokens: tokensOf(t.assistant) + t.observations.reduce((n, o) => n + tokensOf(o.msg), 0), outputs };
      }),
    };
  }

  /** Replaces the chosen tool outputs (indexed among each turn's tool outputs) with stubs. */
  elide(targets: readonly { turn: number; output: number }[]): void {
    for (const { turn, output } of targets) {
      const o = this.turns[turn].observations.filter((x) => x.tool !== null)[output];
      if (!o || o.elided) continue;
      o.msg = { ...o.msg, content: elisionStub(o.tool!, o.msg.content.length) } as ChatMessage;
      o.elided = true;
    }
  }

  stubTokens(): number {
    return estimateMessageTokens(elisionStub("search_files", 1000));
  }

  /** The request for the separate, tool-free summary call over turns [0, upTo). */
  summaryRequest(upTo: number): ChatMessage[] {
    const lines: string[] = [`The request: ${this.task}`];
    if (this.summary) lines.push(`Earlier summary: ${this.summary}`);
    for (const t of this.turns.slice(0, upTo)) {
      const calls =
        t.assistant.role === "assistant" && t.assistant.tool_calls
          ? t.assistant.tool_calls.map((c) => `${c.function.name}(${c.function.arguments})`).join("; ")
          : "";
      lines.push(`Assistant: ${t.assistant.content}${calls ? ` [called ${calls}]` : ""}`);
      for (const o of t.observations) lines.push(`${o.tool ? `Result of ${o.tool}` : "Note"}: ${o.msg.content}`);
    }
    return [
      { role: "system", content: "You write short, exact working notes." },
      { role: "user", content: `${lines.join("\n")}\n\n${SUMMARY_PROMPT}` },
    ];
  }

  /** Drops turns [0, upTo) in favour of the summary; returns the estimated change in tokens. */
  summarize(upTo: number, summary: string): number {
    const before = this.summary ? estimateMessageTokens(this.summary) : 0;
    this.turns = this.turns.slice(upTo);
    this.summary = summary.trim();
    return estimateMessageTokens(this.summary) - before;
  }

  private last(): HistoryTurn {
    const t = this.turns[this.turns.length - 1];
    if (!t) throw new Error("no model turn yet");
    return t;
  }
}
