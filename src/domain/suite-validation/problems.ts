/** One thing wrong with a suite document: a dotted path into it and a sentence saying what to fix. */
export interface SuiteProblem {
  path: string;
  message: string;
}

export const joinPath = (...parts: (string | number)[]): string => parts.join(".");
