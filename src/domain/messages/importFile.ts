import type { PathLabel } from "./issues";

/**
 * What a file dropped on the import page is, when it is not a runs.json: said before anything is
 * sent, in the user's terms. `head` is the start of its text. Null when it may be a runs.json
 * (the server then checks it whole).
 */
export function notARunsJson(fileName: string, head: string): string | null {
  const text = head.replace(/^\uFEFF/, "").trimStart();
  const csv = /\.(csv|tsv)$/i.test(fileName) || /^run_id,/.test(text);
  if (csv) {
    const which = /^run_id,turn,call,/.test(text) ? "calls.csv" : /^run_id,turn,/.test(text) ? "turns.csv" : "CSV";
    return `This is a ${which === "CSV" ? "CSV file" : `${which} file`}; import takes the runs.json export (Runs → Export → runs.json). Export runs.json from the dashboard the runs came from and drop that here.`;
  }
  if (/\.zip$/i.test(fileName) || text.startsWith("PK"))
    return "This is a zip file (a study report?); import takes the runs.json export (Runs → Export → runs.json).";
  if (text && !text.startsWith("{") && !text.startsWith("["))
    return "This file is not JSON; import takes the runs.json export (Runs → Export → runs.json).";
  if (
    /^\{\s*"(id|name|version)"[\s\S]*"tasks"\s*:/.test(text.slice(0, 4000)) &&
    !/"runs"\s*:/.test(text.slice(0, 4000))
  )
    return "This looks like a suite file; import suites on the Suite page. This page takes the runs.json export.";
  return null;
}

/** Names `runs.3.taskId` as "run 4 (run_ab12), taskId": the run by its place and id in the file. */
export function runsJsonPathLabel(doc: unknown): PathLabel {
  const runs = (doc as { runs?: unknown } | null)?.runs;
  return (path) => {
    if (path[0] !== "runs") return path.join(".");
    if (path.length === 1) return "The file's runs list";
    const i = Number(path[1]);
    const run = Array.isArray(runs) ? (runs[i] as { runId?: unknown } | undefined) : undefined;
    const id = typeof run?.runId === "string" ? ` (${run.runId})` : "";
    const field = path.slice(2).join(".");
    return `run ${i + 1}${id}${field ? `, ${field}` : ""}`;
  };
}
