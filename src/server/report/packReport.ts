import fs from "node:fs";
import path from "node:path";
import { strToU8, zip, zipSync, type Zippable } from "fflate";
import type { ReportFiles } from "./buildReport";

function zipTree(files: ReportFiles, folder: string): Zippable {
  const tree: Zippable = {};
  for (const [name, text] of [...files].sort(([a], [b]) => (a < b ? -1 : 1)))
    tree[`${folder}/${name}`] = [strToU8(text), { level: 9, mtime: new Date("2000-01-01T00:00:00Z") }];
  return tree;
}

/** The report as one zip, every file under `report/` so it unpacks into a folder. */
export function zipReport(files: ReportFiles, folder = "report"): Uint8Array {
  return zipSync(zipTree(files, folder));
}

/**
 * The same zip compressed on fflate's worker threads, for the dashboard's own `report.zip`:
 * deflating megabytes at level 9 on the request thread held every other request (issue 32).
 */
export function zipReportOffThread(files: ReportFiles, folder = "report"): Promise<Uint8Array> {
  return new Promise((resolve, reject) =>
    zip(zipTree(files, folder), (err, data) => (err ? reject(err) : resolve(data))),
  );
}

/** Writes the report's files under `dir` (created), and the zip beside them as `report.zip`. */
export function writeReport(files: ReportFiles, dir: string): { files: number; bytes: number; zipBytes: number } {
  let bytes = 0;
  for (const [name, text] of files) {
    const to = path.join(dir, name);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.writeFileSync(to, text);
    bytes += Buffer.byteLength(text);
  }
  const zip = zipReport(files);
  fs.writeFileSync(path.join(dir, "report.zip"), zip);
  return { files: files.size, bytes, zipBytes: zip.byteLength };
}
