// A worker thread that trains a trace dictionary (db/traceDictionary.mjs): a few hundred
// milliseconds of work that the server's own thread must not be held through
// (src/server/store/sqlite/compactTraces.ts starts it). It gets the samples, answers with the
// dictionary (or null) and ends.
import { parentPort, workerData } from "node:worker_threads";
import { trainDictionary } from "./traceDictionary.mjs";

parentPort.postMessage(trainDictionary(workerData.samples, workerData.opts));
