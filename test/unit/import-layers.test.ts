/** @jest-environment node */
// Layers lint cannot see (it checks one file's imports, not what they import in turn): the plugin
// registry reaches the browser and middleware through every import it makes, so it is walked
// transitively here.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.join(__dirname, "../..");
const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\s+from\s+)?["']([^"']+)["']/g;
/** What the browser downloads with a module: its static imports, not `import type` (erased) or `import()` (loaded later). */
const RUNTIME_IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?!type\s)(?:[^'"]*?\s+from\s+)?["']([^"']+)["']/g;

function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/") ? path.join(ROOT, specifier.slice(2)) : specifier.startsWith(".") ? path.join(path.dirname(from), specifier) : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) if (existsSync(candidate) && candidate.match(/\.tsx?$/)) return candidate;
  return null;
}

/** Every module `entry` imports, directly or not (type-only imports included: they must not name server code either), with the package names it reaches. */
function closure(entry: string, pattern = IMPORT): { files: string[]; packages: Set<string> } {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const queue = [path.join(ROOT, entry)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(pattern)) {
      const target = resolve(file, specifier!);
      if (target) queue.push(target);
      else if (!specifier!.startsWith(".") && !specifier!.startsWith("@/")) packages.add(specifier!);
    }
  }
  return { files: [...seen].map((file) => path.relative(ROOT, file)).sort(), packages };
}

describe("the client-safe plugin registry (lib/plugins/index.ts and each plugin's definition.ts)", () => {
  const { files, packages } = closure("lib/plugins/index.ts");

  it("reaches no server code: no server-only module, database, session, billing provider, plugin server part or Node built-in", () => {
    expect([...packages].filter((name) => name === "server-only" || name.startsWith("node:") || name === "drizzle-orm" || name.startsWith("@discordjs/"))).toEqual([]);
    expect(files.filter((file) => /^lib\/(db|session|auth|billing\/(stripe|paypal|chargebee))\//.test(file) || /\/server\.tsx?$/.test(file))).toEqual([]);
  });

  it("holds the definitions and what they are written with, not the features", () => {
    const definitions = readdirSync(path.join(ROOT, "lib/plugins"), { withFileTypes: true }).filter((entry) => entry.isDirectory() && existsSync(path.join(ROOT, "lib/plugins", entry.name, "definition.ts")));
    expect(files.filter((file) => file.startsWith("lib/plugins/") && file.endsWith("/definition.ts"))).toEqual(definitions.map((entry) => `lib/plugins/${entry.name}/definition.ts`).sort());
    expect(files.some((file) => file.startsWith("components/") || file.startsWith("app/"))).toBe(false);
  });
});

describe("middleware", () => {
  it("knows the plugins by their ids only (lib/plugins/ids.ts), not by their definitions", () => {
    const { files } = closure("middleware.ts");
    expect(files).toContain("lib/plugins/ids.ts");
    expect(files.filter((file) => file.startsWith("lib/plugins/") && file !== "lib/plugins/ids.ts")).toEqual([]);
  });
});

describe("the browser islands ('use client' modules)", () => {
  const islands = (folder: string): string[] =>
    readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => path.join(folder, file))
      .filter((file) => /^\s*["']use client["']/.test(readFileSync(path.join(ROOT, file), "utf8")));

  it("load no schema library with the page: zod comes with the live validation, imported when a form is first used", () => {
    const eager = [...islands("app"), ...islands("components")].filter((file) => closure(file, RUNTIME_IMPORT).packages.has("zod"));
    expect(eager).toEqual([]);
  });
});
