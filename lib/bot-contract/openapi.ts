import { z } from "zod";
import { BOT_API_BASE, BOT_ROUTES, type BotRouteSpec } from "./routes";
import { errorEnvelopeSchema } from "./schemas";

// The OpenAPI 3.1 description served at /api/bot/v1/openapi.json, generated from the routes'
// own zod schemas (./routes.ts): what a route parses and answers is what this document says.

type JsonSchema = Record<string, unknown>;

/** JSON Schema 2020-12 (OpenAPI 3.1's dialect) of a schema, as a request gives it (input) or an answer holds it (output). */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, target: "draft-2020-12" }) as JsonSchema;
  return rest;
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "The input does not match the schema (fields name each problem).",
  401: "No bot key, or one that is unknown or revoked.",
  403: "The key lacks the scope this route needs.",
  404: "Not found, or a guild the bot is not in.",
  409: "A conflict with the stored state (see code).",
  413: "The body is larger than the API takes.",
  415: "The body is not sent as JSON.",
};

const json = (schema: JsonSchema) => ({ "application/json": { schema } });
const errorRef = { $ref: "#/components/schemas/Error" };

/** Path and query parameters, one per property of their object schema. */
function parameters(spec: BotRouteSpec): JsonSchema[] {
  const out: JsonSchema[] = [];
  for (const [where, schema] of [
    ["path", spec.params],
    ["query", spec.query],
  ] as const) {
    if (!schema) continue;
    const object = jsonSchema(schema, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(object.properties ?? {})) {
      const { description, ...propertySchema } = property;
      out.push({ name, in: where, required: where === "path" || (object.required ?? []).includes(name), ...(description ? { description } : {}), schema: propertySchema });
    }
  }
  return out;
}

function operation(name: string, spec: BotRouteSpec): JsonSchema {
  const errors = spec.public ? spec.errors : [401, ...spec.errors];
  return {
    operationId: name,
    summary: spec.summary,
    description: spec.description,
    ...(spec.public ? { security: [] } : {}),
    parameters: parameters(spec),
    ...(spec.body ? { requestBody: { required: true, content: json(jsonSchema(spec.body, "input")) } } : {}),
    responses: {
      200: { description: spec.summary, content: json(jsonSchema(spec.response, "output")) },
      ...Object.fromEntries([...errors].sort().map((status) => [status, { description: ERROR_DESCRIPTIONS[status] ?? "Refused", content: json(errorRef) }])),
    },
  };
}

export function botApiDocument(): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [name, spec] of Object.entries(BOT_ROUTES) as Array<[string, BotRouteSpec]>) {
    paths[spec.path] = { ...paths[spec.path], [spec.method.toLowerCase()]: operation(name, spec) };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Guildhall bot API",
      version: "1",
      description:
        "What the gateway bot reads and reports. Authenticate with a bot key (created by the operator: `npm run bot-key -- create <name>`) sent as `Authorization: Bot <key>`. Read each guild's configuration once, then follow the change feed from its version. Errors answer in one envelope: { code, status_code, message, error: { message }, fields? }.",
    },
    servers: [{ url: BOT_API_BASE }],
    security: [{ botKey: [] }],
    paths,
    components: {
      securitySchemes: { botKey: { type: "apiKey", in: "header", name: "Authorization", description: "`Bot <key>`: a key from `npm run bot-key -- create <name>`." } },
      schemas: { Error: jsonSchema(errorEnvelopeSchema, "output") },
    },
  };
}
