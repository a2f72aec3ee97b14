#!/usr/bin/env node
// `npm start`: install if needed, build if needed, then serve the dashboard. The server applies
// migrations and loads the default suite from suites/ as it starts. Each step says what it does
// and, while it runs, how far it is (scripts/lib/progress.mjs).
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { databaseLabel, healthUrl, notAnsweringLine, readyBanner } from "./lib/banner.mjs";
import { serverStartLine } from "./lib/progress.mjs";
import { ensureBuild, ensureDependencies, root } from "./lib/setup.mjs";

const install = await ensureDependencies();
const build = await ensureBuild();

const port = process.env.PORT || "3000";
const host = process.env.HOST || "0.0.0.0";
console.log(serverStartLine());
const started = Date.now();
// server/main.ts puts an access check, the admin login and a graceful shutdown in front of Next.js.
const server = spawn(
  process.execPath,
  [path.join(root, "node_modules", "tsx", "dist", "cli.mjs"), path.join(root, "server", "main.ts")],
  {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", PORT: port, HOST: host },
  },
);
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

async function announce() {
  // Asked where the server listens (on HOST=::1 it was asked on 127.0.0.1, never answered, and the
  // banner came a minute late saying "ready"). Waits as long as the server runs (it exits with it).
  const url = healthUrl(host, port);
  let warned = false;
  for (;;) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {}
    if (!warned && Date.now() - started > 60_000) {
      console.log(notAnsweringLine({ url, seconds: (Date.now() - started) / 1000 }));
      warned = true;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const lanAddresses = Object.values(os.networkInterfaces())
    .flat()
    .filter((a) => a && a.family === "IPv4" && !a.internal)
    .map((a) => a.address);
  console.log(
    readyBanner({
      seconds: (Date.now() - started) / 1000,
      install,
      build,
      port,
      host,
      database: databaseLabel(process.env),
      adminPassword: !!process.env.ADMIN_PASSWORD,
      lanAddresses,
    }),
  );
}
announce();
