import { stableJson } from "../scoring/stable-json";
import type { ImportFile } from "./import";
import { sha256Hex } from "./sha256";

/**
 * What makes two imports the same import: the SHA-256 of the parsed runs.json as JSON with
 * keys sorted at every depth. Parsed, so whitespace, key order and fields the file format does
 * not know do not change it; any changed value of any run does. The `name` query parameter is
 * not part of the file, so the same file under another name is the same import.
 */
export function importKey(file: ImportFile): string {
  return sha256Hex(stableJson(file));
}
