/** A dictionary chosen by trainDictionary (db/traceDictionary.mjs). */
export interface TrainedDictionary {
  bytes: Buffer;
  /** The candidate that won: "shared segments" or "recent bodies". */
  recipe: string;
  /** Compressed size of the held-out samples with it ÷ without it (smaller is better). */
  relativeSize: number;
  /** Held-out text bytes ÷ compressed bytes, with and without the dictionary. */
  ratio: { with: number; without: number };
}

/** The best preset dictionary for bodies like `samples`, or null when none saves `minGain` (default 0.1). */
export declare function trainDictionary(
  samples: readonly string[],
  opts?: { minGain?: number },
): TrainedDictionary | null;
