/**
 * `npm run demo [-- --url http://127.0.0.1:3000] [--adaptive]`: asks a running dashboard to queue a
 * demo session on three simulated phones (as the demo buttons do) and follows it to the end.
 * `--adaptive`: the adaptive, pre-registered demo (files vs bash, repeats 1–3, on phones that fail
 * half the tasks on bash), which decides and stops by itself.
 */
const i = process.argv.indexOf("--url");
const url = (i > 0 ? process.argv[i + 1] : process.env.HARNESS_LAB_URL || "http://127.0.0.1:3000").replace(/\/$/, "");
const adaptive = process.argv.includes("--adaptive");

interface Progress {
  session: {
    progress: { done: number; total: number };
    adaptive: { state: string; line: string; runsSaved: number; runsQueued: number } | null;
  };
}

async function main() {
  let res: Response;
  try {
    res = await fetch(`${url}/api/demo`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(adaptive ? { study: "adaptive" } : {}),
    });
  } catch {
    console.error(`No dashboard answers at ${url}: start it with \`npm start\` in another terminal, or pass --url.`);
    process.exit(1);
  }
  const body = (await res.json()) as { session?: { id: string; jobs: number }; error?: { message: string } };
  if (!res.ok || !body.session) {
    console.error(`The demo could not start: ${body.error?.message ?? res.status}`);
    process.exit(1);
  }
  const { id, jobs } = body.session;
  console.log(
    `${adaptive ? "Adaptive demo" : "Demo"} session with ${jobs} jobs${adaptive ? " queued now (more only where they still tell something)" : ""} on three simulated phones: ${url}/sessions/${id}`,
  );
  let s: Progress["session"];
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000));
    s = ((await (await fetch(`${url}/api/sessions/${id}`)).json()) as Progress).session;
    const line = s.adaptive ? ` · ${s.adaptive.line}` : "";
    process.stdout.write(`\r${s.progress.done}/${s.progress.total} jobs done${line}`.padEnd(100));
    if (s.progress.done >= s.progress.total && (!s.adaptive || s.adaptive.state !== "running")) break;
  }
  if (s.adaptive)
    console.log(`\n${s.adaptive.runsQueued} runs queued, ${s.adaptive.runsSaved} saved against the fixed design.`);
  console.log(`${s.adaptive ? "" : "\n"}Finished. Open ${url}/sessions/${id} to see the runs.`);
}
main();
