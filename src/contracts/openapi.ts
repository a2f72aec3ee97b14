import { z } from "zod";
import { ApiErrorBody, ERROR_STATUS, routeErrors, type ErrorCode } from "./errors";
import { ROUTES } from "./index";
import { queryShape } from "./query";
import { pathParams, type ApiRoute } from "./route";

type Json = { [k: string]: unknown };
type Components = Record<string, Json>;

/**
 * zod 4's own JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1). Requests are described as
 * what may be sent (`io: "input"`: defaults optional), responses as what the server produces
 * (`io: "output"`: objects closed with `additionalProperties: false`, so a field the contract
 * misses fails validation). zod's `z.custom` (any JSON value) has no JSON Schema: it becomes `{}`.
 * A schema's own `$defs` (recursive check trees) move to `components.schemas` under `prefix`, as
 * `#/$defs/…` would point at the document's root inside an OpenAPI document.
 */
export function jsonSchema(schema: z.ZodType, io: "input" | "output", prefix: string, components: Components): Json {
  const raw = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as Json;
  const { $schema: _dialect, $defs, ...root } = raw as Json & { $defs?: Components };
  const rename = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(rename);
    if (!v || typeof v !== "object") return v;
    return Object.fromEntries(
      Object.entries(v).map(([k, x]) => [
        k,
        k === "$ref" && typeof x === "string"
          ? x === "#"
            ? `#/components/schemas/${prefix}`
            : x.replace("#/$defs/", `#/components/schemas/${prefix}_`)
          : rename(x),
      ]),
    );
  };
  for (const [name, def] of Object.entries($defs ?? {})) components[`${prefix}_${name}`] = rename(def) as Json;
  const out = rename(root) as Json;
  // A schema that refers to itself whole ("#") needs a name too.
  if (JSON.stringify(out).includes(`"#/components/schemas/${prefix}"`)) {
    components[prefix] = out;
    return { $ref: `#/components/schemas/${prefix}` };
  }
  return out;
}

function parameters(r: ApiRoute, components: Components): Json[] {
  const out: Json[] = pathParams(r.path).map((name) => ({
    name,
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  if (!r.query) return out;
  for (const [name, field] of Object.entries(queryShape(r.query))) {
    const schema = jsonSchema(field, "input", `${r.id}_q_${name}`, components);
    const { description, ...rest } = schema;
    const array = rest.type === "array";
    out.push({
      name,
      in: "query",
      required: !field.safeParse(undefined).success,
      ...(description ? { description } : {}),
      schema: rest,
      ...(array ? { style: "form", explode: true } : {}),
    });
  }
  return out;
}

const errorStatuses = (codes: readonly ErrorCode[]) => {
  const by = new Map<number, ErrorCode[]>();
  for (const c of codes) by.set(ERROR_STATUS[c], [...(by.get(ERROR_STATUS[c]) ?? []), c]);
  return [...by.entries()].sort(([a], [b]) => a - b);
};

function operation(r: ApiRoute, components: Components): Json {
  const responses: Json = {};
  for (const [status, spec] of Object.entries(r.responses)) {
    if (!spec) continue;
    const type = spec.contentType ?? "application/json";
    const schema = spec.schema
      ? jsonSchema(spec.schema, "output", `${r.id}_${status}`, components)
      : spec.contentType
        ? { type: "string" }
        : undefined;
    responses[status] = {
      description: spec.description,
      ...(schema ? { content: { [type.split(";")[0]]: { schema } } } : {}),
    };
  }
  for (const [status, codes] of errorStatuses(routeErrors(r))) {
    responses[String(status)] = {
      description: `\`error.code\`: ${codes.map((c) => `\`${c}\``).join(", ")}.`,
      content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorBody" } } },
    };
  }
  return {
    operationId: r.id,
    summary: r.summary,
    tags: [r.tag],
    ...(r.auth === "device token" ? { security: [{ deviceToken: [] }] } : {}),
    parameters: parameters(r, components),
    ...(r.body
      ? {
          requestBody: {
            required: true,
            ...(r.bodyNote ? { description: r.bodyNote } : {}),
            content: { "application/json": { schema: jsonSchema(r.body, "input", `${r.id}_body`, components) } },
          },
        }
      : {}),
    responses,
    "x-error-codes": routeErrors(r),
  };
}

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: Json;
  paths: Record<string, Json>;
  components: { schemas: Components; securitySchemes: Json };
  [key: string]: unknown;
}

/** The OpenAPI 3.1 document of every route in the contract. */
export function openApiDocument(routes: readonly ApiRoute[] = ROUTES): OpenApiDocument {
  const components: Components = {};
  const errorBody = jsonSchema(ApiErrorBody, "output", "ErrorBody", components);
  components.ErrorBody = errorBody;
  const paths: Record<string, Json> = {};
  for (const r of routes) (paths[r.path] ??= {})[r.method.toLowerCase()] = operation(r, components);
  return {
    openapi: "3.1.0",
    info: {
      title: "Harness Lab API",
      version: "1",
      description:
        "Generated from src/contracts. Device protocol: ../shared/protocol.md §1; every error has the body ErrorBody.",
    },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    tags: [{ name: "device" }, { name: "dashboard" }, { name: "analytics" }, { name: "budget" }, { name: "auth" }],
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        deviceToken: { type: "http", scheme: "bearer", description: "The device token from POST /api/devices." },
      },
    },
  };
}
