/**
 * What an OpenAI-compatible model server sends back, parsed with zod like every other input. The
 * servers differ (llama.cpp adds `timings` and `reasoning_content`, vLLM and Ollama leave fields
 * out, some send `arguments` as an object), so every field is optional and a field of the wrong
 * type reads as absent (`.catch`) instead of failing the run: only a reply with no choice at all
 * is an error, said by the caller.
 */
import { z } from "zod";

const optionalString = z.string().optional().catch(undefined);
/** A count or a duration: finite and non-negative, else absent. */
const amount = z.number().nonnegative().optional().catch(undefined);

export const Usage = z.looseObject({
  prompt_tokens: z.number(),
  completion_tokens: z.number().catch(0).default(0),
  prompt_tokens_details: z
    .looseObject({ cached_tokens: z.number().optional().catch(undefined) })
    .optional()
    .catch(undefined),
});

/** llama.cpp's own counts and times (absent elsewhere). */
export const Timings = z.looseObject({
  prompt_n: amount,
  cache_n: amount,
  predicted_n: amount,
  prompt_ms: amount,
  predicted_ms: amount,
});

const WholeToolCall = z.looseObject({
  id: optionalString,
  function: z.looseObject({ name: optionalString, arguments: z.unknown().optional() }).optional().catch(undefined),
});

const WholeChoice = z.looseObject({
  message: z
    .looseObject({
      content: z.string().nullable().optional().catch(undefined),
      tool_calls: z.array(WholeToolCall).optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
  finish_reason: z.string().nullable().optional().catch(undefined),
});

/** A reply sent whole (`stream: false`, or a server that ignores it). */
export const WholeReply = z.looseObject({
  choices: z.array(WholeChoice).optional().catch(undefined),
  usage: z.unknown().optional(),
  timings: z.unknown().optional(),
});

const DeltaToolCall = z.looseObject({
  index: z.number().int().nonnegative().optional().catch(undefined),
  id: optionalString,
  function: z.looseObject({ name: optionalString, arguments: optionalString }).optional().catch(undefined),
});

/** One `data:` event of a streamed reply. */
export const StreamChunk = z.looseObject({
  error: z.unknown().optional(),
  usage: z.unknown().optional(),
  timings: z.unknown().optional(),
  choices: z
    .array(
      z.looseObject({
        delta: z
          .looseObject({
            content: optionalString,
            reasoning_content: optionalString,
            tool_calls: z.array(DeltaToolCall).optional().catch(undefined),
          })
          .optional()
          .catch(undefined),
        finish_reason: z.string().nullable().optional().catch(undefined),
      }),
    )
    .optional()
    .catch(undefined),
});

/** llama.cpp's exceed_context_size_error body: `{"error": {"n_ctx": N, …}}`. */
export const ContextRefusal = z.object({ error: z.object({ n_ctx: z.number().int().positive() }) });
