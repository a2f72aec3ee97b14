import { stableJson } from "../scoring/stable-json";
import type { ImportFile } from "./import";

/**
 * What makes two imports the same import: the parsed runs.json as JSON with keys sorted at every
 * depth (its SHA-256 is the key: src/server/export/importKey.ts). Parsed, so whitespace, key order
 * and fields the file format does not know do not change it; any changed value of any run does.
 * The `name` query parameter is not part of the file, so the same file under another name is the
 * same import.
 */
export function importIdentity(file: ImportFile): string {
  return stableJson(file);
}
