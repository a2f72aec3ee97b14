#!/usr/bin/env node
// `npx harness-lab-gate …` in a checkout: the regression gate (scripts/gate.ts) with nothing but
// its own output on stdout, so `> gate.md` is the PR comment and `--format json` is JSON
// (`npm run gate` puts npm's "> harness-lab@… gate" banner in front of both).
import { tsImport } from "tsx/esm/api";

await tsImport("../scripts/gate.ts", import.meta.url);
