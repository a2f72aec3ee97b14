/** Runs once when the Next.js server starts: open and migrate the database, load suites, start the sweeper. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { openContext } = await import("./src/server/context");
  const { loadRepositorySuites, startLeaseSweeper } = await import("./src/server/boot");
  // server/main.ts has opened it already; `next dev` opens it here (PostgreSQL or SQLite).
  const ctx = await openContext();
  const { loaded, problems, warnings } = await loadRepositorySuites(ctx);
  console.log(
    `[harness-lab] database ${ctx.store.engine === "postgres" ? "PostgreSQL (DATABASE_URL)" : process.env.DB_PATH || "./data/harness-lab.db"}; suites loaded: ${loaded.join(", ") || "none"}`,
  );
  for (const p of problems) console.error(`[harness-lab] suite not loaded: ${p}`);
  for (const w of warnings) console.warn(`[harness-lab] suite warning: ${w}`);
  startLeaseSweeper(ctx);
  // The analytics' columnar copy (ADR 12) loads in the background; SQLite answers them meanwhile.
  const { columnarOf } = await import("./src/server/store/columnar");
  void columnarOf(ctx.store)
    ?.ready()
    .then((s) => {
      if (s?.state === "ready")
        console.log(
          `[harness-lab] analytics: columnar copy of ${s.loadedRuns.toLocaleString("en-US")} runs loaded in ${((s.loadMs ?? 0) / 1000).toFixed(1)} s`,
        );
    });
  // Traces are scored on a worker thread (ADR 6); load it now rather than on the first result.
  (await import("./src/server/scoring/workers")).prewarmScoring();
}
