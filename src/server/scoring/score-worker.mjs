// Scores traces off the server's thread (src/server/scoring/workers.ts starts it; ADR 6). A suite
// regex is matched by V8's backtracking engine and cannot be interrupted from inside, so a trace
// whose scoring runs long is stopped by terminating this thread; the server's own thread keeps
// answering meanwhile. Plain JavaScript that loads the TypeScript domain through tsx's loader, so
// it starts the same under tsx, Next.js and the tests.
import { createRequire } from "node:module";
import { parentPort } from "node:worker_threads";
import { register } from "tsx/cjs/api";
import { rescoreRows } from "./rescore-rows.mjs";

// The repository is CommonJS, so its .ts files load through tsx's require hook (its ESM hook
// loads them as CommonJS too and refuses their import cycles). ~0.3 s once per worker.
register();
const { scoreRun } = createRequire(import.meta.url)("../../domain/scoring/score.ts");

parentPort.on("message", (m) => {
  if (m.kind === "rescore") return rescoreRows(m, scoreRun, (msg) => parentPort.postMessage(msg));
  try {
    parentPort.postMessage({ id: m.id, score: scoreRun(m.task, JSON.parse(m.body), m.contextWindow) });
  } catch (e) {
    parentPort.postMessage({ id: m.id, error: e instanceof Error ? e.message : String(e) });
  }
});
parentPort.postMessage({ ready: true });
