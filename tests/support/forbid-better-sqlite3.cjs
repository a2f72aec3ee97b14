// Preloaded (`node --require`) into a script under test to prove it never loads the SQLite driver:
// any require of better-sqlite3 throws, so a script that loads it fails loudly instead of passing.
// A CommonJS preload has only require; the scripts under tsx load their modules through it too.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Module = require("node:module");
const load = Module._load;
Module._load = function (request, ...rest) {
  if (request === "better-sqlite3") throw new Error("better-sqlite3 was loaded (forbidden by the test)");
  return load.call(this, request, ...rest);
};
