/**
 * `npm run demo [-- --url http://127.0.0.1:3000]`: asks a running dashboard to queue a demo
 * session on three simulated phones (as the demo button does) and follows it to the end.
 */
const i = process.argv.indexOf("--url");
const url = (i > 0 ? process.argv[i + 1] : process.env.HARNESS_LAB_URL || "http://127.0.0.1:3000").replace(/\/$/, "");

async function main() {
  let res: Response;
  try {
    res = await fetch(`${url}/api/demo`, { method: "POST" });
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
  console.log(`Demo session with ${jobs} jobs on three simulated phones: ${url}/sessions/${id}`);
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000));
    const s = (await (await fetch(`${url}/api/sessions/${id}`)).json()) as {
      session: { progress: { done: number; total: number } };
    };
    process.stdout.write(`\r${s.session.progress.done}/${s.session.progress.total} jobs done`);
    if (s.session.progress.done >= s.session.progress.total) break;
  }
  console.log(`\nFinished. Open ${url}/sessions/${id} to see the runs.`);
}
main();
