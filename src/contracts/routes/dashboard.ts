import { z } from "zod";
import { CreateDeviceRequest, CreateSessionRequest, SavePlanRequest } from "@/domain/protocol";
import { RunsPage } from "@/domain/analytics/runs-query";
import { filterQuery } from "../query";
import { defineRoute } from "../route";
import * as S from "../schemas/dashboard";
import { BODY_ERRORS, params, text } from "./params";

const csv = "text/csv; charset=utf-8";

export const health = defineRoute({
  id: "health",
  method: "GET",
  path: "/api/health",
  tag: "dashboard",
  auth: "none",
  summary: "The server and its database answer.",
  responses: { 200: { description: "Healthy.", schema: S.HealthResponse } },
  errors: [],
});

export const createDevice = defineRoute({
  id: "createDevice",
  method: "POST",
  path: "/api/devices",
  tag: "dashboard",
  auth: "admin",
  summary: "Pair a phone: its bearer token is shown this once.",
  body: CreateDeviceRequest,
  responses: { 201: { description: "The device and its token.", schema: S.CreateDeviceResponse } },
  errors: BODY_ERRORS,
});
export const listDevices = defineRoute({
  id: "listDevices",
  method: "GET",
  path: "/api/devices",
  tag: "dashboard",
  auth: "admin",
  summary: "Paired devices, oldest first.",
  responses: { 200: { description: "The devices.", schema: S.ListDevicesResponse } },
  errors: [],
});
export const revokeDevice = defineRoute({
  id: "revokeDevice",
  method: "DELETE",
  path: "/api/devices/{id}",
  tag: "dashboard",
  auth: "admin",
  summary: "Revoke a device's token.",
  responses: { 200: { description: "Revoked.", schema: S.RevokeDeviceResponse } },
  errors: ["not_found"],
});

export const pauseDevice = defineRoute({
  id: "pauseDevice",
  method: "POST",
  path: "/api/devices/{id}/pause",
  tag: "dashboard",
  auth: "admin",
  summary: "Pause a device: its polls get 204 until it is resumed; its token stays valid.",
  responses: { 200: { description: "Paused.", schema: S.PauseDeviceResponse } },
  errors: ["not_found"],
});

export const resumeDevice = defineRoute({
  id: "resumeDevice",
  method: "POST",
  path: "/api/devices/{id}/resume",
  tag: "dashboard",
  auth: "admin",
  summary: "Resume a paused device: it leases jobs again.",
  responses: { 200: { description: "Resumed.", schema: S.PauseDeviceResponse } },
  errors: ["not_found"],
});

export const createSession = defineRoute({
  id: "createSession",
  method: "POST",
  path: "/api/sessions",
  tag: "dashboard",
  auth: "admin",
  summary: "Queue task × config × repeat jobs (protocol.md §5).",
  body: CreateSessionRequest,
  responses: { 201: { description: "The session, its job count and seed.", schema: S.CreateSessionResponse } },
  errors: [...BODY_ERRORS, "not_found"],
});
export const listSessions = defineRoute({
  id: "listSessions",
  method: "GET",
  path: "/api/sessions",
  tag: "dashboard",
  auth: "admin",
  summary: "Every session with its job counts.",
  responses: { 200: { description: "The sessions.", schema: S.ListSessionsResponse } },
  errors: [],
});
export const getSession = defineRoute({
  id: "getSession",
  method: "GET",
  path: "/api/sessions/{id}",
  tag: "dashboard",
  auth: "admin",
  summary: "A session's settings, progress and pass counts per config.",
  responses: { 200: { description: "The session.", schema: S.SessionDetail } },
  errors: ["not_found"],
});
export const sessionRuns = defineRoute({
  id: "getSessionRuns",
  method: "GET",
  path: "/api/sessions/{id}/runs",
  tag: "dashboard",
  auth: "admin",
  summary: "The session as above plus its newest 200 runs (the live page's feed).",
  responses: { 200: { description: "The session and runs.", schema: S.SessionRunsResponse } },
  errors: ["not_found"],
});
export const cancelSession = defineRoute({
  id: "cancelSession",
  method: "POST",
  path: "/api/sessions/{id}/cancel",
  tag: "dashboard",
  auth: "admin",
  summary: "Cancel the session's queued and leased jobs.",
  responses: { 200: { description: "How many jobs were cancelled.", schema: S.CancelSessionResponse } },
  errors: ["not_found"],
});
export const savePlan = defineRoute({
  id: "saveSessionPlan",
  method: "POST",
  path: "/api/sessions/{id}/plan",
  tag: "dashboard",
  auth: "admin",
  summary:
    "Pre-register the session's plan (issue 36.3): only once, and only before any of its jobs is leased (409 after).",
  body: SavePlanRequest,
  responses: { 200: { description: "The saved plan and its SHA-256.", schema: S.SavePlanResponse } },
  errors: [...BODY_ERRORS, "not_found", "conflict"],
});
export const rescoreSession = defineRoute({
  id: "rescoreSession",
  method: "POST",
  path: "/api/sessions/{id}/rescore",
  tag: "dashboard",
  auth: "admin",
  summary: "Score every run again with the newest version of its task; earlier scores are kept.",
  responses: { 200: { description: "What changed.", schema: S.RescoreResponse } },
  errors: ["not_found"],
});

export const listSuites = defineRoute({
  id: "listSuites",
  method: "GET",
  path: "/api/suites",
  tag: "dashboard",
  auth: "admin",
  summary: "Stored suites, newest version of each.",
  responses: { 200: { description: "The suites.", schema: S.ListSuitesResponse } },
  errors: [],
});
export const importSuite = defineRoute({
  id: "importSuite",
  method: "POST",
  path: "/api/suites",
  tag: "dashboard",
  auth: "admin",
  summary: "Import a suite (up to 16 MiB), validated whole.",
  body: z.unknown(),
  bodyNote: "A suite document (protocol.md §3); every problem is listed in a 400 invalid_suite.",
  responses: {
    201: { description: "Stored.", schema: S.ImportSuiteResponse },
    200: { description: "That exact version was already stored.", schema: S.ImportSuiteResponse },
  },
  errors: [...BODY_ERRORS, "invalid_suite"],
});
export const getSuite = defineRoute({
  id: "getSuite",
  method: "GET",
  path: "/api/suites/{id}",
  tag: "dashboard",
  auth: "admin",
  summary: "A suite's newest version, whole.",
  responses: { 200: { description: "The suite.", schema: S.GetSuiteResponse } },
  errors: ["not_found"],
});

export const listRuns = defineRoute({
  id: "listRuns",
  method: "GET",
  path: "/api/runs",
  tag: "dashboard",
  auth: "admin",
  summary: "The runs explorer: filtered, sorted and paged in SQL.",
  query: filterQuery({
    sort: {
      wire: text("received (default), started, task, config, outcome, passed, calls, turns, ttft, load or peak."),
      value: RunsPage.shape.sort,
    },
    dir: { wire: text("asc or desc (default)."), value: RunsPage.shape.dir },
    page: { wire: text("Page number from 1."), value: RunsPage.shape.page },
    pageSize: { wire: text("Rows per page, 10–500 (default 50)."), value: RunsPage.shape.pageSize },
    q: {
      wire: text(
        "Text search, at most 200 characters: runs whose id, final reply, tool calls' names and arguments, end detail or failed calls' results hold every word (letters and digits; case ignored; the last word may be the start of a word). Punctuation alone searches nothing.",
      ),
      value: RunsPage.shape.q,
    },
  }),
  queryError:
    "Some filters, search, sort or page parameters are not valid; fix the query parameters listed in `issues`.",
  responses: { 200: { description: "One page of runs.", schema: S.ListRunsResponse } },
  errors: ["invalid_request"],
});
export const getRun = defineRoute({
  id: "getRun",
  method: "GET",
  path: "/api/runs/{id}",
  tag: "dashboard",
  auth: "admin",
  summary: "One run: export fields, raw trace, current score, the task it ran and its neighbours.",
  responses: { 200: { description: "The run.", schema: S.GetRunResponse } },
  errors: ["not_found"],
});

const exportQuery = () => filterQuery({});
export const exportCsv = defineRoute({
  id: "exportRunsCsv",
  method: "GET",
  path: "/api/export/runs.csv",
  tag: "dashboard",
  auth: "admin",
  summary: "runs.csv (protocol.md §4), filtered like analytics, streamed.",
  query: exportQuery(),
  queryError: "Some filters are not valid; fix the query parameters listed in `issues`.",
  responses: { 200: { description: "One row per run, the columns of protocol.md §4.", contentType: csv } },
  errors: ["invalid_request"],
});
export const exportTurnsCsv = defineRoute({
  id: "exportTurnsCsv",
  method: "GET",
  path: "/api/export/turns.csv",
  tag: "dashboard",
  auth: "admin",
  summary: "turns.csv: one row per turn, the runs filtered and ordered as runs.csv, streamed.",
  query: exportQuery(),
  queryError: "Some filters are not valid; fix the query parameters listed in `issues`.",
  responses: { 200: { description: "One row per turn (docs/notebook-data.md).", contentType: csv } },
  errors: ["invalid_request"],
});
export const exportCallsCsv = defineRoute({
  id: "exportCallsCsv",
  method: "GET",
  path: "/api/export/calls.csv",
  tag: "dashboard",
  auth: "admin",
  summary: "calls.csv: one row per call, the runs filtered and ordered as runs.csv, streamed.",
  query: exportQuery(),
  queryError: "Some filters are not valid; fix the query parameters listed in `issues`.",
  responses: { 200: { description: "One row per call (docs/notebook-data.md).", contentType: csv } },
  errors: ["invalid_request"],
});
const parquetRoute = <const Id extends string, const Path extends string>(id: Id, path: Path, what: string) =>
  defineRoute({
    id,
    method: "GET",
    path,
    tag: "dashboard",
    auth: "admin",
    summary: `${what} as Parquet: the CSV's rows and columns, typed (booleans, 64-bit integers, started_at a timestamp), zstd.`,
    query: exportQuery(),
    queryError: "Some filters are not valid; fix the query parameters listed in `issues`.",
    responses: {
      200: { description: `${what}, typed (docs/notebook-data.md).`, contentType: "application/vnd.apache.parquet" },
    },
    errors: ["invalid_request"],
  });
export const exportRunsParquet = parquetRoute("exportRunsParquet", "/api/export/runs.parquet", "runs.csv");
export const exportTurnsParquet = parquetRoute("exportTurnsParquet", "/api/export/turns.parquet", "turns.csv");
export const exportCallsParquet = parquetRoute("exportCallsParquet", "/api/export/calls.parquet", "calls.csv");
export const exportReportZip = defineRoute({
  id: "exportReportZip",
  method: "GET",
  path: "/api/export/report.zip",
  tag: "dashboard",
  auth: "admin",
  summary:
    "The study report of the filtered selection as a .zip (issue 21): the dashboard's pages rendered by headless Chromium.",
  query: exportQuery(),
  queryError: "Some filters are not valid; fix the query parameters listed in `issues`.",
  responses: { 200: { description: "The report (HTML and SVG pages).", contentType: "application/zip" } },
  errors: ["invalid_request", "unavailable"],
});
export const exportJson = defineRoute({
  id: "exportRunsJson",
  method: "GET",
  path: "/api/export/runs.json",
  tag: "dashboard",
  auth: "admin",
  summary: "runs.json (protocol.md §4), filtered like analytics, streamed.",
  query: exportQuery(),
  queryError: "Some filters are not valid; fix the query parameters listed in `issues`.",
  responses: { 200: { description: "Every run with its detail.", schema: S.ExportJson } },
  errors: ["invalid_request"],
});
export const importRuns = defineRoute({
  id: "importRuns",
  method: "POST",
  path: "/api/import/runs",
  tag: "dashboard",
  auth: "admin",
  summary: "Import a runs.json (up to 256 MiB): one new session per session of the file.",
  query: params({ name: text("Name the imported sessions `name · source name`.") }, { name: z.string().optional() }),
  body: z.unknown(),
  bodyNote: "A runs.json export (protocol.md §4), validated whole before anything is stored.",
  responses: {
    201: { description: "The sessions created (`alreadyImported: false`).", schema: S.ImportRunsResponse },
    200: {
      description:
        "This file's content was imported before: nothing stored; the sessions of that import, `alreadyImported: true` and a `message`.",
      schema: S.ImportRunsResponse,
    },
  },
  errors: BODY_ERRORS,
});
export const demo = defineRoute({
  id: "startDemo",
  method: "POST",
  path: "/api/demo",
  tag: "dashboard",
  auth: "admin",
  summary: "Queue a demo session and start three simulated phones on this machine.",
  // An empty body or `{}` is the ablation demo; anything unknown is a 400, not silently ignored.
  body: z
    .object({
      study: z
        .enum(["ablation", "adaptive"])
        .optional()
        .describe(
          "`ablation` (the default): three configs, one repeat each. `adaptive`: files vs bash, pre-registered, adaptive repeats 1–3, on phones that fail half the tasks on bash, so the session decides and stops by itself.",
        ),
    })
    .strict(),
  bodyNote: 'None, `{}`, or `{"study": "adaptive"}` for the adaptive, pre-registered demo (issue 36).',
  responses: { 201: { description: "The demo session.", schema: S.DemoResponse } },
  errors: [...BODY_ERRORS, "conflict"],
});

export const login = defineRoute({
  id: "login",
  method: "POST",
  path: "/api/auth/login",
  tag: "auth",
  auth: "none",
  servedBy: "server/main.ts",
  summary: "Log in with the admin password (JSON, or the login form); sets the session cookie.",
  body: S.LoginRequest,
  responses: {
    200: { description: "Logged in (JSON).", schema: S.LogoutResponse },
    303: { description: "Logged in or refused (form): redirects." },
  },
  errors: ["invalid_request", "unauthorized", "not_found", "too_many_attempts"],
});
export const logout = defineRoute({
  id: "logout",
  method: "POST",
  path: "/api/auth/logout",
  tag: "auth",
  auth: "none",
  servedBy: "server/main.ts",
  summary: "Clear the session cookie.",
  responses: { 200: { description: "Logged out.", schema: S.LogoutResponse } },
  errors: [],
});

export const openapi = defineRoute({
  id: "openapi",
  method: "GET",
  path: "/api/openapi.json",
  tag: "dashboard",
  auth: "none",
  summary: "This document: OpenAPI 3.1, generated from src/contracts.",
  responses: {
    200: {
      description: "The OpenAPI document.",
      schema: z.looseObject({
        openapi: z.literal("3.1.0"),
        paths: z.record(z.string(), z.unknown()),
        components: z.record(z.string(), z.unknown()),
      }),
    },
  },
  errors: [],
});
