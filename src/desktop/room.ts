import { MESSAGE_WRAP_TOKENS, estimateMessageTokens } from "@/domain/agent/tokens";

/**
 * Counts the new input of the next turn, so room in the config's window is judged with the
 * server's numbers: its tokenizer where it offers one (llama.cpp `/tokenize`), otherwise the
 * chars/4 estimate scaled by the worst ratio this run has seen between what the server counted
 * (growth of `prompt_tokens`) and what was estimated. Dense text is far from four characters a
 * token: llama-server counted 1,445 characters of `ls -R /` output as 696 tokens, not 366.
 */
export class InputMeter {
  private ratio = 1;
  /** Tokens the server counted beyond the tokenizer's count (chat template, re-read calls). */
  private extra = 0;

  constructor(private readonly tokenize: ((text: string) => Promise<number | null>) | null) {}

  /** Returns the count and the raw estimate (what `learn` compares against). */
  async count(texts: readonly string[]): Promise<{ tokens: number; raw: number; exact: boolean }> {
    const raw = texts.reduce((n, t) => n + estimateMessageTokens(t), 0);
    if (this.tokenize) {
      let n = 0;
      for (const t of texts) {
        const k = await this.tokenize(t);
        if (k === null) return { tokens: Math.ceil(raw * this.ratio), raw, exact: false };
        n += k + MESSAGE_WRAP_TOKENS;
      }
      return { tokens: n + this.extra, raw: n, exact: true };
    }
    return { tokens: Math.ceil(raw * this.ratio), raw, exact: false };
  }

  /** After a reply: the server counted `actual` new tokens where `count` said `raw`. */
  learn(raw: number, actual: number, exact: boolean): void {
    if (raw <= 0 || actual <= raw) return;
    if (exact) this.extra = Math.max(this.extra, actual - raw);
    else this.ratio = Math.max(this.ratio, actual / raw);
  }
}
