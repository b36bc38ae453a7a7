// Why: the benchmark must measure the production build exactly as `npm start`
// serves it (build if needed, migrate, platform emulator), on its own ports and
// its own throwaway database, and must stop the whole process group afterwards.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, mkdirSync, openSync, readFileSync, readSync, rmSync, statSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fakePortsFrom } from "../../emulators/ports";

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
};

export type RunningServer = {
  appUrl: string;
  emulatorUrl: string;
  logFile: string;
  /** Current size of the server log, to read what a phase logged with logSince(). */
  logOffset: () => number;
  logSince: (offset: number) => string;
  stop: () => Promise<void>;
};

export async function startGuildhall(options: ServerOptions): Promise<RunningServer> {
  const { root, port, emulatorPort } = options;
  for (const p of [port, emulatorPort]) {
    if (await isListening(p)) throw new Error(`port ${p} is already in use; stop whatever listens there first (the benchmark would measure it instead)`);
  }

  const dataDir = path.join(root, options.dataDir);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  await options.prepare?.(path.join(options.dataDir, "pglite"));
  const logFile = path.join(dataDir, "server.log");
  const log = openSync(logFile, "w");

  const appUrl = `http://localhost:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
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
    await Promise.race([exited, sleep(2_000)]);
  };

  try {
    await waitUntilAnswers(`${appUrl}/en`, () => exitCode, options.readyTimeoutMs ?? 15 * 60_000);
  } catch (error) {
    await stop();
    const tail = readFileSync(logFile, "utf8").split("\n").slice(-40).join("\n");
    throw new Error(`${(error as Error).message}\n--- last lines of ${logFile} ---\n${tail}`);
  }
  return {
    appUrl,
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

async function waitUntilAnswers(url: string, exitCode: () => number | null | undefined, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const code = exitCode();
    if (code !== undefined) throw new Error(`the server exited (code ${code}) before ${url} answered`);
    try {
      const response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.status >= 200 && response.status < 400) return;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  throw new Error(`${url} did not answer within ${Math.round(timeoutMs / 1000)} s`);
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
