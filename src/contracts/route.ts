import type { z } from "zod";
import type { ErrorCode } from "./errors";

export type HttpMethod = "GET" | "POST" | "DELETE";

/** One documented answer of a route: a JSON body (schema), a file (contentType), or none. */
export interface ResponseSpec {
  description: string;
  schema?: z.ZodType;
  /** Set for bodies that are not `application/json` (or are streamed files). */
  contentType?: string;
}

/**
 * One route of the API: the single description the handler, the test dispatcher, the device
 * transport, the browser client, the OpenAPI document and docs/api.md are all read from.
 */
export interface ApiRoute {
  /** The OpenAPI operationId. */
  id: string;
  method: HttpMethod;
  /** OpenAPI style: `/api/sessions/{id}`. */
  path: string;
  tag: "device" | "dashboard" | "analytics" | "budget" | "auth";
  summary: string;
  auth: "device token" | "admin" | "none";
  /** Routes `server/main.ts` answers itself, with no file under app/api. */
  servedBy?: "server/main.ts";
  /** Its input side is an object of strings (repeatable parameters: arrays of strings). */
  query?: z.ZodType;
  /** The sentence a 400 for a bad query string starts with. */
  queryError?: string;
  body?: z.ZodType;
  /** What the body is, when it is validated by the service rather than by `body`. */
  bodyNote?: string;
  responses: Partial<Record<200 | 201 | 204 | 303, ResponseSpec>>;
  errors: readonly ErrorCode[];
}

/** Keeps a route's literal types (statuses, schemas) so handlers and the client are typed from it. */
export const defineRoute = <const R extends ApiRoute>(r: R): R => r;

export type StatusOf<R extends ApiRoute> = Extract<keyof R["responses"], number>;
type SchemaAt<R extends ApiRoute, S extends StatusOf<R>> = R["responses"][S] extends {
  schema: infer Z extends z.ZodType;
}
  ? Z
  : never;
/** What a handler must hand over for `status`: the schema's input (so a service's wider value is a type error). */
export type ReplyBody<R extends ApiRoute, S extends StatusOf<R>> = z.input<SchemaAt<R, S>>;
/** What a client gets back for `status`. */
export type ResponseBody<R extends ApiRoute, S extends StatusOf<R>> = z.output<SchemaAt<R, S>>;
export type QueryOf<R extends ApiRoute> = R["query"] extends z.ZodType ? z.output<R["query"]> : Record<string, never>;
export type QueryInput<R extends ApiRoute> = R["query"] extends z.ZodType ? z.input<R["query"]> : Record<string, never>;
export type BodyOf<R extends ApiRoute> = R["body"] extends z.ZodType ? z.input<R["body"]> : never;

/** The path's `{name}` parameters. */
export const pathParams = (path: string): string[] => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

/** A regex matching the path as Next.js matches its folders (`{id}` is one segment). */
export function pathRegex(path: string): RegExp {
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{(\w+)\}/g, "(?<$1>[^/]+)");
  return new RegExp(`^${escaped}$`);
}

/** The route file under the repository root that serves `path` (`{id}` is the folder `[id]`). */
export const routeFile = (path: string): string => `app${path.replace(/\{(\w+)\}/g, "[$1]")}/route.ts`;

/** `path` with its parameters filled in (encoded). */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, k: string) => {
    if (params[k] === undefined) throw new Error(`${path} needs the parameter ${k}`);
    return encodeURIComponent(params[k]);
  });
}
