import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { once } from "node:events";
import { spawn } from "node:child_process";
import { expect, startPhones, test } from "./fixtures";
import { listFiles, reportBytes, urlsInReport } from "./report-files";

const root = path.resolve(__dirname, "..", "..");

test("npm run report on a 720-run study of the default suite writes under 10 MB with no URL in any file", async ({
  request,
  baseURL,
}) => {
  test.setTimeout(900_000);
  const suite = (await (await request.get("/api/suites")).json()).suites.find((s: { default: boolean }) => s.default);
  const configs = ((await (await request.get(`/api/suites/${suite.id}`)).json()).suite.configs as { id: string }[]).map(
    (c) => c.id,
  );
  const { token } = await (await request.post("/api/devices", { data: { name: "e2e report size phones" } })).json();
  const created = await request.post("/api/sessions", {
    data: { name: "E2E: full study", configs, repeats: 3, seed: 7 },
  });
  const { id, jobs } = (await created.json()).session;
  expect(jobs).toBeGreaterThanOrEqual(700);
  const phones = startPhones(baseURL!, token, 4, 3, ["--no-rest"]);
  await once(phones, "exit");

  const out = fs.mkdtempSync(path.join(os.tmpdir(), "harness-lab-report-size-"));
  const cli = spawn(
    process.execPath,
    [
      path.join(root, "node_modules", "tsx", "dist", "cli.mjs"),
      "--conditions=react-server",
      path.join(root, "scripts", "report.ts"),
      "--url",
      baseURL!,
      "--session",
      id,
      "--out",
      out,
    ],
    {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env },
    },
  );
  let said = "";
  cli.stdout!.on("data", (b) => (said += String(b)));
  const [code] = await once(cli, "exit");
  expect(code).toBe(0);
  console.log(said.trim());

  const bytes = reportBytes(out);
  console.log(
    `report of ${jobs} jobs: ${(bytes / 1024 / 1024).toFixed(2)} MB in ${listFiles(out).length} files, zip ${(fs.statSync(path.join(out, "report.zip")).size / 1024 / 1024).toFixed(2)} MB`,
  );
  expect(bytes).toBeLessThan(10 * 1024 * 1024);
  expect(listFiles(out).filter((f) => f.startsWith("runs/")).length).toBeGreaterThan(100);
  expect(urlsInReport(out)).toEqual([]);
});
