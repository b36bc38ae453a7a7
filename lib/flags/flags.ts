import "server-only";
import { unwatchFile, watchFile } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { InMemStorageProvider, type ClientFeaturesResponse } from "unleash-client";
import { getEnv } from "@/lib/env";
import { expireEveryGuildsPages } from "@/lib/guilds/page-cache";
import { FlagEngine } from "./engine";
import { readFlagsFile } from "./flags-file";

// Where flags come from, one evaluation path for both sources (spec 9): Unleash's Node SDK,
// fetching from the Unleash server when UNLEASH_URL is set, else bootstrapped from the local
// flags file and made again whenever the file changes. A flag change expires every guild's
// cached pages (lib/guilds/page-cache.ts): the cached pages decide on the server what a flag shows
// (components/flags/when-flag.tsx), so none may outlive the change.
//
// On globalThis: Next bundles route handlers and pages apart, and one process needs one SDK
// instance (its metrics, its polling).

/** Polling every 15 s: a flag changed on the Unleash server shows within 30 s (spec 9); metrics every minute. */
const SERVER_TIMING = { refreshMs: 15_000, metricsMs: 60_000 };
/** How often the flags file's modification time is looked at. */
const FILE_CHECK_MS = 2_000;
/** The environment the SDK reports (spec 9: `default`; an Unleash token names its own). */
const ENVIRONMENT = "default";

type Flags = {
  engine: FlagEngine;
  /** Settles once the first load (a fetch, or the file) is done, whatever its outcome. */
  ready: Promise<void>;
  /** The definitions last seen, to tell a real change from a fetch that brought the same. */
  signature: string;
  stop(): void;
};

const store = globalThis as typeof globalThis & { __guildhallFlags?: Flags };

/** The flag engine, started on first use and ready (or failed to load: then every flag is off). */
export async function flagEngine(): Promise<FlagEngine> {
  store.__guildhallFlags ??= getEnv().unleash ? fromServer() : fromFile();
  const flags = store.__guildhallFlags;
  await flags.ready;
  return flags.engine;
}

/** Stops polling and watching (tests, and before the settings change). The next use starts again. */
export function stopFlags(): void {
  store.__guildhallFlags?.stop();
  store.__guildhallFlags = undefined;
}

/** Options the tests of the Unleash path shorten: how often the SDK polls and posts metrics. */
export type ServerTiming = { refreshMs: number; metricsMs: number };

/** Starts the engine against the configured Unleash server; tests pass shorter timings. */
export function startServerFlags(timing: ServerTiming = SERVER_TIMING): void {
  stopFlags();
  store.__guildhallFlags = fromServer(timing);
}

function fromServer(timing: ServerTiming = SERVER_TIMING): Flags {
  const { url, apiToken, appName } = getEnv().unleash!;
  const engine = new FlagEngine({
    url,
    appName,
    environment: ENVIRONMENT,
    customHeaders: { Authorization: apiToken },
    refreshInterval: timing.refreshMs,
    metricsInterval: timing.metricsMs,
    // Last known flags in memory only: a shared temp file would mix instances and test runs.
    storageProvider: new InMemStorageProvider(),
    disableAutoStart: true,
    skipInstanceCountWarning: true,
  });
  const flags: Flags = { engine, ready: started(engine), signature: "", stop: () => engine.destroy() };
  engine.on("changed", () => {
    const signature = JSON.stringify(engine.getFeatureToggleDefinitions());
    if (flags.signature && signature !== flags.signature) expireEveryGuildsPages();
    flags.signature = signature;
  });
  return flags;
}

type FileFlags = Flags & { reload(): Promise<void> };

function fromFile(): FileFlags {
  const file = path.resolve(getEnv().FLAGS_FILE);
  const flags: FileFlags = { engine: fileEngine({ version: 2, features: [] }), ready: Promise.resolve(), signature: "", stop: () => undefined, reload: () => flags.ready };
  const load = async () => {
    const read = await readFlagsFile(file);
    if ("problem" in read) {
      console.error(`[flags] ${read.problem}; ${flags.signature ? "keeping the flags read before" : "every flag is off"}`);
      return;
    }
    const signature = JSON.stringify(read.flags);
    if (signature === flags.signature) return;
    const engine = fileEngine(read.flags);
    await started(engine);
    const [replaced, first] = [flags.engine, flags.signature === ""];
    Object.assign(flags, { engine, signature });
    replaced.destroy();
    if (!first) expireEveryGuildsPages();
  };
  // One load at a time, in order: a change seen during a load is read after it.
  flags.reload = () => (flags.ready = flags.ready.then(load).catch((error: unknown) => console.error("[flags] reading the flags file failed", error)));
  void flags.reload();
  // Polled rather than fs.watch: it sees an editor's replace-by-rename and a file made later.
  const onChange = () => void flags.reload();
  watchFile(file, { interval: FILE_CHECK_MS, persistent: false }, onChange);
  flags.stop = () => {
    unwatchFile(file, onChange);
    flags.engine.destroy();
  };
  return flags;
}

/** Reads the flags file again now, as its watcher does within FILE_CHECK_MS of a change (tests; no-op with an Unleash server). */
export async function reloadFlagsFile(): Promise<void> {
  const flags = store.__guildhallFlags;
  if (flags && "reload" in flags) await (flags as FileFlags).reload();
}

/** The SDK over fixed definitions: nothing to fetch, nobody to send metrics to. */
function fileEngine(definitions: ClientFeaturesResponse): FlagEngine {
  return new FlagEngine({
    url: pathToFileURL(path.resolve(getEnv().FLAGS_FILE)).href,
    appName: getEnv().UNLEASH_APP_NAME,
    environment: ENVIRONMENT,
    refreshInterval: 0,
    disableMetrics: true,
    bootstrap: { data: definitions.features, segments: definitions.segments },
    storageProvider: new InMemStorageProvider(),
    disableAutoStart: true,
    skipInstanceCountWarning: true,
  });
}

/** Starts the SDK; settles after its first load (a fetch, the bootstrap), successful or not. */
function started(engine: FlagEngine): Promise<void> {
  // With a listener of ours the SDK no longer prints its errors: they are logged here.
  engine.on("error", (error: Error) => console.error(`[flags] ${error.message}`));
  // The SDK marks itself ready on the tick after its first load; start() resolves before that tick.
  return engine
    .start()
    .catch((error: unknown) => console.error("[flags] the flag SDK did not start", error))
    .then(() => new Promise<void>((resolve) => setImmediate(resolve)));
}
