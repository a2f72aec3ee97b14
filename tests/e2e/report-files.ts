import fs from "node:fs";
import path from "node:path";
import { unzipSync } from "fflate";
import { urlsIn } from "../../src/domain/report/defang";

/** Unpacks a report zip into `dir`; returns the report folder. */
export function unpack(zipFile: string, dir: string): string {
  for (const [name, bytes] of Object.entries(unzipSync(fs.readFileSync(zipFile)))) {
    if (name.endsWith("/")) continue;
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), bytes);
  }
  return path.join(dir, "report");
}

/** Every file under `dir`, relative. */
export function listFiles(dir: string, sub = ""): string[] {
  return fs
    .readdirSync(path.join(dir, sub), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listFiles(dir, path.join(sub, e.name)) : [path.join(sub, e.name)]));
}

/** `file: URL` pairs for every http(s) URL in any file of the report (SVG namespace names aside). */
export function urlsInReport(dir: string): string[] {
  return listFiles(dir).flatMap((f) =>
    urlsIn(fs.readFileSync(path.join(dir, f), "utf8"), f.endsWith(".svg")).map((u) => `${f}: ${u}`),
  );
}

/** Total bytes of the report's files (the zip beside them not counted). */
export function reportBytes(dir: string): number {
  return listFiles(dir)
    .filter((f) => f !== "report.zip")
    .reduce((n, f) => n + fs.statSync(path.join(dir, f)).size, 0);
}
