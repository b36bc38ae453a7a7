/** @jest-environment node */
// The emulator keeps the platform's contract: every endpoint lib/platform calls answers
// what Discord's published OpenAPI description (an extract of it, vendored in
// test/fixtures/discord-openapi/) says its success response looks like. Mismatches are
// listed by JSON path. The table of endpoints is contract-endpoints.ts.
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { SchemaValidator, formatMismatches, type OpenApiDocument, type Schema } from "@/test/openapi-validate";
import { platformClientCalls } from "@/test/platform-calls";

import { ENDPOINTS, type Endpoint } from "./contract-endpoints";
import type { PlatformEmulator } from "./server";
import { emulatorForThisFile } from "./test-helpers";

const EXTRACT = join(process.cwd(), "test", "fixtures", "discord-openapi", "openapi-extract.json");
const doc = JSON.parse(readFileSync(EXTRACT, "utf8")) as OpenApiDocument & {
  paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
};
const validator = new SchemaValidator(doc);

let emulator: PlatformEmulator;
emulatorForThisFile((started) => {
  emulator = started;
});

/** The spec's success statuses for an operation (200, 201, 204...). */
function successStatuses(endpoint: Endpoint): number[] {
  if ("local" in endpoint.spec) return [200];
  const operation = doc.paths[endpoint.spec.path]?.[endpoint.spec.method];
  if (!operation) throw new Error(`${endpoint.spec.method.toUpperCase()} ${endpoint.spec.path} is not in the extract`);
  return Object.keys(operation.responses).filter((status) => /^2\d\d$/.test(status)).map(Number);
}

describe("the endpoint table", () => {
  it("has a row for every call lib/platform makes, and no row for a call it does not make", () => {
    const covered = [...new Set(ENDPOINTS.map((endpoint) => endpoint.client))].sort();
    expect(covered).toEqual(platformClientCalls());
  });

  it.each(ENDPOINTS.filter((endpoint) => !("local" in endpoint.spec)))("$name: the spec allows its token kind", (endpoint) => {
    const spec = endpoint.spec as { path: string; method: string };
    const security = doc.paths[spec.path]?.[spec.method]?.security ?? [];
    const scheme = endpoint.client.startsWith("user ") ? "OAuth2" : "BotToken";
    expect(security.some((requirement) => scheme in requirement)).toBe(true);
  });
});

describe("responses match Discord's OpenAPI description", () => {
  it.each(ENDPOINTS)("$name ($client)", async (endpoint) => {
    const replies = await endpoint.call(emulator);
    expect(replies.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const reply of replies) {
      const prefix = reply.label ? `[${reply.label}] ` : "";
      if (!successStatuses(endpoint).includes(reply.status)) {
        problems.push(`${prefix}status ${reply.status}: ${JSON.stringify(reply.body)}`);
        continue;
      }
      const { spec } = endpoint;
      const schema: Schema | undefined = "local" in spec ? spec.local : validator.responseSchema(spec.path, spec.method, reply.status);
      if (!schema) {
        if (reply.body !== undefined) problems.push(`${prefix}a ${reply.status} must have no body`);
        continue;
      }
      const mismatches = validator.validate(schema, reply.body);
      if (mismatches.length > 0) problems.push(formatMismatches(mismatches).replace(/^/gm, prefix));
    }
    if (problems.length > 0) throw new Error(problems.join("\n"));
  });
});

describe("the validator", () => {
  // Guards against a validator that passes everything: a known-bad body must fail.
  it("reports a missing required field and a wrong type by JSON path", () => {
    const schema = validator.responseSchema("/guilds/{guild_id}/roles", "get", 200) as Schema;
    const role = { id: "1", name: "x", permissions: 8, position: 0, color: 0, hoist: false, managed: false };
    expect(formatMismatches(validator.validate(schema, [role]))).toBe(
      ["$[0].mentionable: required but missing", "$[0].permissions: expected string, got integer"].join("\n"),
    );
  });

  it("checks snowflakes, nullable references and closed enums", () => {
    const schema = validator.responseSchema("/users/@me/guilds", "get", 200) as Schema;
    const guild = { id: "12x", name: "g", icon: null, banner: 5, owner: false, permissions: "0", features: ["NOT_A_FEATURE"] };
    expect(validator.validate(schema, [guild]).map((mismatch) => mismatch.path)).toEqual(["$[0].id", "$[0].banner", "$[0].features[0]"]);
  });
});
