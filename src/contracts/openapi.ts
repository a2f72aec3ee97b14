import { z } from "zod";
import { ApiErrorBody, ERROR_STATUS, routeErrors, type ErrorCode } from "./errors";
import { ROUTES } from "./index";
import { queryShape } from "./query";
import { FILTER_FIELDS } from "@/domain/analytics/filterFields";
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

/** The schemas a query's values must satisfy once read, by name: every object after the first (the wire) along its pipes. */
function valueShapes(schema: z.ZodType): Record<string, z.ZodType> {
  const objects: z.ZodObject[] = [];
  const walk = (s: z.ZodType) => {
    if (s instanceof z.ZodPipe) {
      walk(s.in as z.ZodType);
      walk(s.out as z.ZodType);
    } else if (s instanceof z.ZodObject) objects.push(s);
  };
  walk(schema);
  return Object.assign({}, ...objects.slice(1).map((o) => o.shape as Record<string, z.ZodType>));
}

const FLAG_TEXTS = ["0", "1", "false", "true"];
const SCALAR_KEYS = ["type", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "enum"];

/**
 * What a query parameter is, for generated clients (issue 35.1): it arrives as text and the server
 * coerces it, but a number is declared a number, a yes/no a boolean and a closed list an enum. From
 * the filter's field list where the parameter is a filter field, else from the value schema the
 * route checks it with; text otherwise.
 */
function typedParam(name: string, wire: Json, value: z.ZodType | undefined): Json {
  const field = FILTER_FIELDS.find((f) => f.param === name);
  if (field?.kind === "flag" || field?.kind === "boolean") return { type: "boolean" };
  if (field?.kind === "enum") return { type: "string", enum: [...field.options] };
  if (field || !value) return wire;
  const v = z.toJSONSchema(value, { target: "draft-2020-12", io: "input", unrepresentable: "any" }) as Json;
  const scalar = (j: Json): Json | null => {
    if (j.type === "number" || j.type === "integer")
      return Object.fromEntries(Object.entries(j).filter(([k]) => SCALAR_KEYS.includes(k)));
    if (j.type === "boolean") return { type: "boolean" };
    const e = j.enum as unknown[] | undefined;
    if (e && [...e].sort().join() === FLAG_TEXTS.join()) return { type: "boolean" };
    if (e && e.every((x) => typeof x === "string")) return { type: "string", enum: e };
    return null;
  };
  if (wire.type === "array" && v.type === "array" && v.items) {
    const items = scalar(v.items as Json);
    return items ? { ...wire, items } : wire;
  }
  return scalar(v) ?? wire;
}

function parameters(r: ApiRoute, components: Components): Json[] {
  const out: Json[] = pathParams(r.path).map((name) => ({
    name,
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  if (!r.query) return out;
  const values = valueShapes(r.query);
  for (const [name, field] of Object.entries(queryShape(r.query))) {
    const schema = jsonSchema(field, "input", `${r.id}_q_${name}`, components);
    const { description, ...wire } = schema;
    const rest = typedParam(name, wire, values[name]);
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
    security: SECURITY[r.auth],
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

/**
 * Who may call an operation. Admin routes: the login cookie, or nothing at all from the loopback
 * interface (the empty requirement `{}`); the device API: its bearer token; health and login: anyone.
 */
const SECURITY: Record<ApiRoute["auth"], Json[]> = {
  admin: [{ adminSession: [] }, {}],
  "device token": [{ deviceToken: [] }],
  none: [],
};

const TAGS = [
  {
    name: "device",
    description: "The device protocol v1 that phones speak (protocol.md §1): poll, heartbeat, result, fail.",
  },
  {
    name: "dashboard",
    description: "Sessions, devices, suites, runs, exports and imports: what the dashboard's pages do, for scripts.",
  },
  {
    name: "analytics",
    description:
      "Figures over a selection of sessions (the shared filter: session, build, device, thermal, …), the planner and the regression gate.",
  },
  { name: "budget", description: "The start-up token budget: count a system prompt and tools, save a config version." },
  { name: "auth", description: "Admin login for browsers on other machines, and the health check." },
];

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
    servers: [
      {
        url: "http://{host}:{port}",
        description: "A Harness Lab dashboard (npm start listens on PORT, default 3000).",
        variables: {
          host: {
            default: "localhost",
            description: "Its address: localhost on the machine itself, else its LAN name or IP.",
          },
          port: { default: "3000", description: "Its PORT." },
        },
      },
    ],
    tags: TAGS,
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        deviceToken: { type: "http", scheme: "bearer", description: "The device token from POST /api/devices." },
        adminSession: {
          type: "apiKey",
          in: "cookie",
          name: "hl_admin",
          description:
            "The admin login's cookie (POST /api/auth/login with ADMIN_PASSWORD), for callers on other machines. Requests from the loopback interface need no credentials; a device token is never enough.",
        },
      },
    },
  };
}
