import type Database from "better-sqlite3";

/** A preset dictionary: its id (the start of its SHA-256, hex) and its bytes. */
export interface TraceDictionary {
  id: string;
  bytes: Buffer;
}

export declare const DEFLATE: 1;
export declare const DICT_DEFLATE: 2;
export declare const MAX_DICTIONARY_BYTES: number;
export declare const DICTIONARY_TABLE: string;
export declare const COMPACTION_TABLE: string;

export declare function dictionaryId(bytes: Uint8Array): string;
export declare function encodeTrace(text: string, dict?: TraceDictionary | null): Buffer;
export declare function traceEncoding(value: string | Uint8Array): "text" | "deflate" | string;
export declare function decodeTrace(value: string | Uint8Array, lookup: (id: string) => Buffer | undefined): string;
export declare class TraceCodecError extends Error {}
export declare function traceText(db: Database.Database, value: string | Uint8Array): string;
export declare function installTraceCodec(db: Database.Database): void;
export declare function currentDictionary(db: Database.Database): TraceDictionary | null;
export declare function addDictionary(
  db: Database.Database,
  bytes: Uint8Array,
  opts: { samples: number; now: number },
): TraceDictionary;
export declare function storedBody(db: Database.Database, text: string): string | Buffer;
