import "server-only";
import { ServiceError } from "../errors";
import { buildReport } from "./buildReport";
import { zipReportOffThread } from "./packReport";

let building = false;

/**
 * `GET /api/export/report.zip`: the study report of a selection as a zip, drawn by headless
 * Chromium from this same dashboard over loopback (the request's cookie is passed on, so a
 * logged-in researcher's report sees what they see). One at a time: a report opens every
 * analytics page and a trace page per failing run, which is the machine's whole attention.
 */
export async function reportZip(input: { port: string; query: string; cookie?: string }): Promise<Uint8Array> {
  if (building)
    throw new ServiceError(
      "conflict",
      "A study report is already being built on this dashboard; wait until it is downloaded and ask again.",
    );
  building = true;
  try {
    const files = await buildReport({
      base: `http://127.0.0.1:${input.port}`,
      query: input.query,
      cookie: input.cookie,
    });
    return await zipReportOffThread(files);
  } finally {
    building = false;
  }
}
