// Why: the benchmark must measure the production build exactly as `npm start`
// serves it (build if needed, migrate, platform emulator), on its own ports and
// its own throwaway database, and must stop the whole process group afterwards.
// The multi-instance test (test/multi-instance) starts the build the same way.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, mkdirSync, openSync, readFileSync, readSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { fakePortsFrom } from "../../emulators/ports";

/**
 * Where `npm run bench`, `bench:profile` and `bench:instances` run Guildhall: the same APP_URL and
 * emulator, so one build serves all three. The emulator is not port + 1: several instances
 * (bench:instances) listen on the ports after `port`.
 */
export const BENCH_PORTS = { port: 3300, emulatorPort: 3309, fakePortsFrom: 3320 } as const;

export type ServerOptions = {
  root: string;
  port: number;
  emulatorPort: number;
  /** The first of the ports of the other fakes (emulators/ports.ts), clear of a developer's npm start. */
  fakePortsFrom: number;
  /** Relative to root; deleted before the start. */
  dataDir: string;
  readyTimeoutMs?: number;
  /** Runs on the fresh database folder (`pgliteDir`, relative to root) before the server opens it. */
  prepare?: (pgliteDir: string) => Promise<void>;
  /** How long stop() waits for the processes to end before killing them (a CPU profile takes a while to write). */
  stopGraceMs?: number;
  /**
   * Several instances (`npm start -- --instances N`) behind the round-robin proxy on `port`, the
   * instances on the ports after it; they need a shared PostgreSQL and Redis (`env`).
   */
  instances?: number;
  /** More settings for start.ts (DATABASE_URL, REDIS_URL, budgets…), over the defaults below. */
  env?: Record<string, string>;
};

export type RunningServer = {
  appUrl: string;
  /** Each instance's own port (one: `port`); reach one with instanceRequest(), which sends APP_URL's Host. */
  instancePorts: number[];
  emulatorUrl: string;
  logFile: string;
  /** Current size of the server log, to read what a phase logged with logSince(). */
  logOffset: () => number;
  logSince: (offset: number) => string;
  stop: () => Promise<void>;
};

export async function startGuildhall(options: ServerOptions): Promise<RunningServer> {
  const { root, port, emulatorPort } = options;
  const instances = options.instances ?? 1;
  const instancePorts = instances > 1 ? Array.from({ length: instances }, (_, i) => port + 1 + i) : [port];
  for (const p of new Set([port, emulatorPort, ...instancePorts])) {
    if (await isListening(p)) throw new Error(`port ${p} is already in use; stop whatever listens there first (the benchmark would measure it instead)`);
  }

  const dataDir = path.join(root, options.dataDir);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  await options.prepare?.(path.join(options.dataDir, "pglite"));
  const logFile = path.join(dataDir, "server.log");
  const log = openSync(logFile, "w");

  const appUrl = `http://localhost:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts", ...(instances > 1 ? ["--instances", String(instances)] : [])], {
    cwd: root,
    // Own process group, so stop() reaches start.ts, the emulator and `next start`.
    detached: true,
    stdio: ["ignore", log, log],
    env: {
      ...process.env,
      PORT: String(port),
      APP_URL: appUrl,
      PLATFORM_EMULATOR_PORT: String(emulatorPort),
      ...fakePortsFrom(options.fakePortsFrom),
      PGLITE_DIR: path.join(options.dataDir, "pglite"),
      SESSION_SECRET: randomBytes(32).toString("base64url"),
      DISCORD_CLIENT_ID: "",
      DISCORD_CLIENT_SECRET: "",
      DISCORD_BOT_TOKEN: "",
      DATABASE_URL: "",
      NEXT_TELEMETRY_DISABLED: "1",
      // One user loading pages thousands of times a minute is what the page budget refuses;
      // the benchmark measures rendering, so it lifts that budget.
      RATE_LIMIT_PAGES_PER_MINUTE: "100000000",
      ...options.env,
    },
  });
  closeSync(log);

  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) => child.once("exit", (code, signal) => {
    exitCode = code ?? (signal ? -1 : 0);
    resolve();
  }));
  // Last resort if the benchmark dies without running its clean-up.
  const killOnExit = () => killGroup(child, "SIGKILL");
  process.once("exit", killOnExit);

  const stop = async () => {
    process.off("exit", killOnExit);
    if (!groupAlive(child)) return;
    killGroup(child, "SIGTERM");
    const deadline = Date.now() + (options.stopGraceMs ?? 10_000);
    while (groupAlive(child) && Date.now() < deadline) await sleep(100);
    if (groupAlive(child)) killGroup(child, "SIGKILL");
    // Unref'd: once the group has exited, this timer must not hold a test process open.
    await Promise.race([exited, new Promise<void>((resolve) => setTimeout(resolve, 2_000).unref())]);
  };

  try {
    const deadline = Date.now() + (options.readyTimeoutMs ?? 15 * 60_000);
    // Through the proxy, one instance up is enough for an answer: each must answer itself.
    for (const instancePort of instancePorts) await waitUntilAnswers(instancePort, new URL(appUrl).host, () => exitCode, deadline);
  } catch (error) {
    await stop();
    const tail = readFileSync(logFile, "utf8").split("\n").slice(-40).join("\n");
    throw new Error(`${(error as Error).message}\n--- last lines of ${logFile} ---\n${tail}`);
  }
  return {
    appUrl,
    instancePorts,
    emulatorUrl: `http://127.0.0.1:${emulatorPort}`,
    logFile,
    logOffset: () => statSync(logFile).size,
    logSince: (offset) => readFrom(logFile, offset),
    stop,
  };
}

/** Error lines in a slice of the server log (Next prints "⨯ …", libraries "Error: …"). */
export function loggedErrors(log: string): { count: number; first?: string } {
  const lines = log.split("\n").filter((l) => /^\s*(⨯|Error:|\w*Error:)/.test(l));
  return { count: lines.length, first: lines[0]?.trim().slice(0, 160) };
}

function readFrom(file: string, offset: number): string {
  const length = Math.max(0, statSync(file).size - offset);
  const buffer = Buffer.alloc(length);
  const fd = openSync(file, "r");
  try {
    readSync(fd, buffer, 0, length, offset);
  } finally {
    closeSync(fd);
  }
  return buffer.toString("utf8");
}

async function waitUntilAnswers(port: number, host: string, exitCode: () => number | null | undefined, deadline: number) {
  while (Date.now() < deadline) {
    const code = exitCode();
    if (code !== undefined) throw new Error(`the server exited (code ${code}) before :${port} answered`);
    const answer = await instanceRequest(port, host, "/en", { timeoutMs: 5_000 }).catch(() => null);
    if (answer && answer.status >= 200 && answer.status < 400) return;
    await sleep(500);
  }
  throw new Error(`:${port} did not answer /en in time`);
}

export type InstanceAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/**
 * One request to one instance's own port, as the proxy forwards it: with APP_URL's Host (any
 * other host is redirected to APP_URL first). fetch() cannot send another Host, so node:http.
 */
export function instanceRequest(
  port: number,
  host: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {},
): Promise<InstanceAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, path, method: options.method ?? "GET", headers: { ...options.headers, host }, timeout: options.timeoutMs ?? 60_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error(`${options.method ?? "GET"} :${port}${path} took longer than ${options.timeoutMs ?? 60_000} ms`)));
    request.on("error", reject);
    request.end(options.body);
  });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // group already gone
  }
}

/** True while any process of the child's group is still alive. */
function groupAlive(child: ChildProcess): boolean {
  if (child.pid === undefined) return false;
  try {
    process.kill(-child.pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function isListening(port: number): Promise<boolean> {
  for (const host of ["127.0.0.1", "::1"]) if (await connects(port, host)) return true;
  return false;
}

function connects(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
