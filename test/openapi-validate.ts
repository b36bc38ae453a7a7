// A small JSON Schema (OpenAPI 3.1) validator for the keywords Discord's OpenAPI
// description uses in its response schemas. ajv is only a transitive dependency here,
// so this is written out instead. It fails closed: an unknown keyword throws, and a
// $ref to a schema the extract does not vendor is a mismatch, so nothing is skipped
// silently when the spec or the emulator changes.

export type Schema = { [keyword: string]: unknown };

export interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>>;
  components: { schemas: Record<string, Schema> };
}

export interface Mismatch {
  /** Where in the body, as `$.roles[2].flags`. */
  path: string;
  message: string;
}

// Keywords that only describe, or that this validator deliberately treats as annotations.
const ANNOTATIONS = new Set(["title", "description", "x-discord-union", "contentEncoding", "readOnly", "deprecated"]);
const ASSERTIONS = new Set([
  "$ref", "type", "enum", "const", "oneOf", "anyOf", "allOf", "properties", "required", "additionalProperties",
  "items", "minItems", "maxItems", "uniqueItems", "minimum", "maximum", "minLength", "maxLength", "pattern", "format",
]);

const INT32 = 2 ** 31;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

const matchesType = (actual: string, expected: string) => actual === expected || (expected === "number" && actual === "integer");
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const at = (path: string, key: string | number) =>
  typeof key === "number" ? `${path}[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;

function checkFormat(format: string, value: unknown, path: string, out: Mismatch[]): void {
  if (format === "int32" && typeof value === "number" && (value < -INT32 || value >= INT32)) {
    out.push({ path, message: `${value} is outside int32` });
  }
  if (typeof value !== "string") return;
  if (format === "date-time" && (!RFC3339.test(value) || Number.isNaN(Date.parse(value)))) {
    out.push({ path, message: `"${value}" is not an RFC 3339 date-time` });
  }
  if (format === "uri" && !URL.canParse(value)) out.push({ path, message: `"${value}" is not a URI` });
  // "snowflake" is enforced by SnowflakeType's own pattern; int64, double, nonce add nothing to check.
}

export class SchemaValidator {
  constructor(private readonly doc: OpenApiDocument) {}

  /** The schema of an operation's success response, or undefined for a response without a body (204). */
  responseSchema(path: string, method: string, status: number): Schema | undefined {
    const operation = this.doc.paths[path]?.[method.toLowerCase()];
    if (!operation) throw new Error(`${method.toUpperCase()} ${path} is not in the extract`);
    const response = operation.responses[String(status)];
    if (!response) throw new Error(`${method.toUpperCase()} ${path} has no ${status} response in the spec`);
    return response.content?.["application/json"]?.schema;
  }

  validate(schema: Schema, value: unknown, path = "$"): Mismatch[] {
    const out: Mismatch[] = [];
    this.check(schema, value, path, out);
    return out;
  }

  private resolve(ref: string): Schema | undefined {
    const match = /^#\/components\/schemas\/(.+)$/.exec(ref);
    if (!match) throw new Error(`unsupported $ref ${ref}`);
    return this.doc.components.schemas[match[1] as string];
  }

  private check(schema: Schema, value: unknown, path: string, out: Mismatch[]): void {
    for (const keyword of Object.keys(schema)) {
      if (!ASSERTIONS.has(keyword) && !ANNOTATIONS.has(keyword)) throw new Error(`unsupported keyword "${keyword}" at ${path}`);
    }
    if (typeof schema.$ref === "string") {
      const target = this.resolve(schema.$ref);
      if (!target) out.push({ path, message: `${schema.$ref} is not vendored in the extract: add it (see README.md)` });
      else this.check(target, value, path, out);
    }
    const actual = typeOf(value);
    if (schema.type !== undefined) {
      const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
      if (!types.some((type) => matchesType(actual, type))) {
        out.push({ path, message: `expected ${types.join(" or ")}, got ${actual}` });
        return; // Nothing below means much once the type is wrong.
      }
    }
    if (Array.isArray(schema.enum) && !schema.enum.some((option) => sameJson(option, value))) {
      out.push({ path, message: `${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}` });
    }
    if ("const" in schema && !sameJson(schema.const, value)) {
      out.push({ path, message: `expected ${JSON.stringify(schema.const)}, got ${JSON.stringify(value)}` });
    }
    for (const sub of (schema.allOf as Schema[] | undefined) ?? []) this.check(sub, value, path, out);
    if (schema.anyOf) this.union(schema.anyOf as Schema[], value, path, out, "anyOf");
    if (schema.oneOf) this.union(schema.oneOf as Schema[], value, path, out, "oneOf");
    if (typeof schema.format === "string") checkFormat(schema.format, value, path, out);
    if (actual === "integer" || actual === "number") this.number(schema, value as number, path, out);
    if (actual === "string") this.string(schema, value as string, path, out);
    if (actual === "array") this.array(schema, value as unknown[], path, out);
    if (actual === "object") this.object(schema, value as Record<string, unknown>, path, out);
  }

  /**
   * oneOf needs exactly one branch to match, anyOf at least one. When none does, the
   * mismatches of the closest branch are reported (among branches whose type and
   * constants fit the value itself, the one with the fewest), so a nullable object that
   * is wrong deep down says where, not just "matches no branch".
   */
  private union(branches: Schema[], value: unknown, path: string, out: Mismatch[], keyword: "oneOf" | "anyOf"): void {
    if (branches.length === 0) return; // The spec has a few empty enums (e.g. EntitlementOwnerTypes); nothing to hold to.
    const results = branches.map((branch) => this.validate(branch, value, path));
    const passing = results.filter((errors) => errors.length === 0).length;
    if (keyword === "oneOf" && passing > 1) out.push({ path, message: `matches ${passing} oneOf branches, expected exactly 1` });
    if (passing > 0) return;
    const deep = results.filter((errors) => !errors.some((error) => error.path === path));
    if (deep.length > 0) {
      out.push(...deep.reduce((best, errors) => (errors.length < best.length ? errors : best)));
      return;
    }
    const constants = branches.filter((branch) => "const" in branch).map((branch) => branch.const);
    out.push({
      path,
      message: constants.length === branches.length
        ? `${JSON.stringify(value)} is not one of ${JSON.stringify(constants)}`
        : `${JSON.stringify(value)} matches none of the ${branches.length} ${keyword} branches`,
    });
  }

  private number(schema: Schema, value: number, path: string, out: Mismatch[]): void {
    if (typeof schema.minimum === "number" && value < schema.minimum) out.push({ path, message: `${value} < minimum ${schema.minimum}` });
    if (typeof schema.maximum === "number" && value > schema.maximum) out.push({ path, message: `${value} > maximum ${schema.maximum}` });
  }

  private string(schema: Schema, value: string, path: string, out: Mismatch[]): void {
    const length = [...value].length;
    if (typeof schema.minLength === "number" && length < schema.minLength) out.push({ path, message: `shorter than ${schema.minLength}` });
    if (typeof schema.maxLength === "number" && length > schema.maxLength) out.push({ path, message: `longer than ${schema.maxLength}` });
    if (typeof schema.pattern === "string" && !new RegExp(schema.pattern, "u").test(value)) {
      out.push({ path, message: `"${value}" does not match ${schema.pattern}` });
    }
  }

  private array(schema: Schema, value: unknown[], path: string, out: Mismatch[]): void {
    const { minItems, maxItems } = schema;
    if (typeof minItems === "number" && value.length < minItems) out.push({ path, message: `fewer than ${minItems} items` });
    if (typeof maxItems === "number" && value.length > maxItems) out.push({ path, message: `more than ${maxItems} items` });
    if (schema.uniqueItems === true && new Set(value.map((item) => JSON.stringify(item))).size !== value.length) {
      out.push({ path, message: "items are not unique" });
    }
    if (schema.items) value.forEach((item, index) => this.check(schema.items as Schema, item, at(path, index), out));
  }

  private object(schema: Schema, value: Record<string, unknown>, path: string, out: Mismatch[]): void {
    for (const key of (schema.required as string[] | undefined) ?? []) {
      if (!(key in value)) out.push({ path: at(path, key), message: "required but missing" });
    }
    const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
    for (const [key, item] of Object.entries(value)) {
      const property = properties[key];
      if (property) this.check(property, item, at(path, key), out);
      else if (schema.additionalProperties === false) out.push({ path: at(path, key), message: "not allowed here" });
      else if (typeof schema.additionalProperties === "object") this.check(schema.additionalProperties as Schema, item, at(path, key), out);
    }
  }
}

/** One line per mismatch, for test failure messages. */
export function formatMismatches(mismatches: readonly Mismatch[]): string {
  return mismatches.map((mismatch) => `${mismatch.path}: ${mismatch.message}`).join("\n");
}
