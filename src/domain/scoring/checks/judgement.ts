import type { Check } from "../../suite/check";
import type { CheckState } from "../types";

/** A verdict before it gets its id: only top-level checks have reported ids. */
export interface Judgement {
  passed: boolean;
  reason: string;
}

/** The check variant whose `kind` admits K (file_exists/file_absent and all/any share a variant). */
export type CheckOf<K extends Check["kind"]> = Check extends infer C
  ? C extends { kind: infer CK }
    ? K extends CK
      ? C
      : never
    : never
  : never;

/** Lets composite checks recurse without importing the dispatcher (which imports them). */
export type Judge = (check: Check, state: CheckState) => Judgement;
