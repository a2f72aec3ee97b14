import type { CheckState } from "../types";
import type { CheckOf, Judgement } from "./judgement";
import { contentOf } from "./target";

export function fileUnchanged(check: CheckOf<"file_unchanged">, state: CheckState): Judgement {
  const before = contentOf(state.seed, check.path);
  const after = contentOf(state.workspace, check.path);
  const p = `\`${check.path}\``;
  if (before === undefined && after === undefined)
    return { passed: true, reason: `${p} is still absent, as in the seed` };
  if (before === undefined) return { passed: false, reason: `${p} was created but is absent from the seed` };
  if (after === undefined) return { passed: false, reason: `${p} was deleted` };
  return before === after
    ? { passed: true, reason: `${p} is unchanged` }
    : { passed: false, reason: `${p} was changed` };
}
