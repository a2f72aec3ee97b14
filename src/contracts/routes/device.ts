import { z } from "zod";
import {
  FailRequest,
  FailResponse,
  HeartbeatRequest,
  HeartbeatResponse,
  PollRequest,
  PollResponse,
  ResultResponse,
  Trace,
} from "@/domain/protocol";
import { defineRoute } from "../route";
import { BODY_ERRORS, params, text } from "./params";

const WAIT = "must be 0–30";

export const poll = defineRoute({
  id: "poll",
  method: "POST",
  path: "/api/device/v1/poll",
  tag: "device",
  auth: "device token",
  summary: "Lease the next job, waiting up to `wait` seconds for one (protocol.md §1).",
  query: params(
    { wait: text("Seconds to hold the request open for a job, 0–30 (default 0).") },
    { wait: z.coerce.number({ error: WAIT }).min(0, WAIT).max(30, WAIT).default(0) },
  ),
  queryError: "`wait` is a number of seconds from 0 to 30.",
  body: PollRequest,
  responses: { 200: { description: "A leased job.", schema: PollResponse }, 204: { description: "No job is queued." } },
  errors: [...BODY_ERRORS, "unauthorized"],
});

export const heartbeat = defineRoute({
  id: "heartbeat",
  method: "POST",
  path: "/api/device/v1/jobs/{id}/heartbeat",
  tag: "device",
  auth: "device token",
  summary: "Extend a lease while the job runs.",
  body: HeartbeatRequest,
  responses: { 200: { description: "The lease's new expiry.", schema: HeartbeatResponse } },
  errors: [...BODY_ERRORS, "unauthorized", "not_found", "lease_lost"],
});

export const result = defineRoute({
  id: "submitResult",
  method: "POST",
  path: "/api/device/v1/jobs/{id}/result",
  tag: "device",
  auth: "device token",
  summary: "Submit a job's trace (up to 5 MiB); the run is scored on arrival.",
  body: Trace,
  responses: {
    201: { description: "A new run.", schema: ResultResponse },
    200: {
      description: "The same lease token again (idempotent), or `superseded` for a job another lease completed.",
      schema: ResultResponse,
    },
  },
  errors: [...BODY_ERRORS, "unauthorized", "not_found", "lease_lost"],
});

export const fail = defineRoute({
  id: "failJob",
  method: "POST",
  path: "/api/device/v1/jobs/{id}/fail",
  tag: "device",
  auth: "device token",
  summary: "Give a job up; it is queued again until its attempts run out.",
  body: FailRequest,
  responses: { 200: { description: "The job's state after the failure.", schema: FailResponse } },
  errors: [...BODY_ERRORS, "unauthorized", "not_found", "lease_lost"],
});
