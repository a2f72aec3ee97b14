import { z } from "zod";
import { routeErrors } from "./errors";
import { ROUTES } from "./index";
import { queryShape } from "./query";
import { pathParams, type ApiRoute } from "./route";

/** One field of a body or query, as the API reference page lists it. */
export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  description: string;
}
export interface OperationView {
  id: string;
  method: string;
  path: string;
  summary: string;
  auth: string;
  tag: string;
  params: FieldRow[];
  body: FieldRow[];
  bodyNote: string | null;
  responses: { status: string; description: string; contentType: string | null; fields: FieldRow[] }[];
  errors: string[];
}

type Schema = {
  type?: string | string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  description?: string;
  $ref?: string;
  prefixItems?: Schema[];
};

/** A short type name for a JSON Schema: `string`, `integer | null`, `array of object`, `"a" | "b"`. */
export function typeName(s: Schema): string {
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.enum) return s.enum.map((e) => JSON.stringify(e)).join(" | ");
  if (s.anyOf) return s.anyOf.map(typeName).join(" | ");
  if (s.$ref) return "object (recursive)";
  if (s.prefixItems) return `[${s.prefixItems.map(typeName).join(", ")}]`;
  if (s.type === "array") return `array of ${s.items ? typeName(s.items) : "any"}`;
  if (Array.isArray(s.type)) return s.type.join(" | ");
  return s.type ?? "any JSON";
}

const toJson = (schema: z.ZodType, io: "input" | "output") =>
  z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Schema;

/** The top-level fields of an object schema. */
export function fields(schema: z.ZodType | undefined, io: "input" | "output"): FieldRow[] {
  if (!schema) return [];
  const j = toJson(schema, io);
  return Object.entries(j.properties ?? {}).map(([name, p]) => ({
    name,
    type: typeName(p),
    required: !!j.required?.includes(name),
    description: p.description ?? "",
  }));
}

function params(r: ApiRoute): FieldRow[] {
  const path = pathParams(r.path).map((name) => ({ name, type: "string (path)", required: true, description: "" }));
  if (!r.query) return path;
  const query = Object.entries(queryShape(r.query)).map(([name, f]) => {
    const j = toJson(f, "input");
    return {
      name,
      type: j.type === "array" ? "repeatable" : "string",
      required: false,
      description: j.description ?? "",
    };
  });
  return [...path, ...query];
}

/** Every operation of the contract, shaped for the reference page (grouped by tag, then path). */
export function operations(routes: readonly ApiRoute[] = ROUTES): OperationView[] {
  return routes.map((r) => ({
    id: r.id,
    method: r.method,
    path: r.path,
    summary: r.summary,
    auth: r.auth,
    tag: r.tag,
    params: params(r),
    body: fields(r.body, "input"),
    bodyNote: r.bodyNote ?? null,
    responses: Object.entries(r.responses).map(([status, spec]) => ({
      status,
      description: spec?.description ?? "",
      contentType: spec?.contentType ?? (spec?.schema ? "application/json" : null),
      fields: fields(spec?.schema, "output"),
    })),
    errors: routeErrors(r),
  }));
}
