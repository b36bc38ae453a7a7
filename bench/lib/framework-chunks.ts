// Why: the first-load JS budgets are "the framework's own chunks + ours" (performance issue):
// what React and Next's app router cost every page is a floor we cannot move; what we ship on
// top of it has its own budget per page kind. Which chunks are the framework's is read from the
// build (bench only; the app reads no build file at run time): the root main files Next loads on
// every page (React DOM, the router, Turbopack's runtime: our instrumentation-client.ts, ~1 KB,
// is bundled there too), and the chunks that only Next's own client components need (the
// layout router's segments), as the client reference manifests list them.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const NEXT_OWN = "[project]/node_modules/next/";

/** URL paths (`/_next/static/chunks/…`) of the framework's chunks in the build under `root`. */
export function frameworkChunks(root: string): Set<string> {
  const dist = path.join(root, ".next");
  const manifest = JSON.parse(readFileSync(path.join(dist, "build-manifest.json"), "utf8")) as { rootMainFiles: string[] };
  const framework = new Set(manifest.rootMainFiles.map((file) => `/_next/${file}`));
  const ownersOf = new Map<string, Set<string>>();
  for (const file of manifestFiles(path.join(dist, "server", "app"))) {
    for (const [moduleId, entry] of Object.entries(clientModules(file))) {
      for (const chunk of entry.chunks) {
        const owners = ownersOf.get(chunk) ?? new Set<string>();
        owners.add(moduleId);
        ownersOf.set(chunk, owners);
      }
    }
  }
  for (const [chunk, owners] of ownersOf) if ([...owners].every((owner) => owner.startsWith(NEXT_OWN))) framework.add(chunk);
  return framework;
}

function manifestFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith("_client-reference-manifest.js"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The manifest's client modules: a script assigning `globalThis.__RSC_MANIFEST[page] = {…}`. */
function clientModules(file: string): Record<string, { chunks: string[] }> {
  const source = readFileSync(file, "utf8");
  const json = source.slice(source.indexOf("] = ") + 4).replace(/;\s*$/, "");
  return (JSON.parse(json) as { clientModules: Record<string, { chunks: string[] }> }).clientModules;
}
