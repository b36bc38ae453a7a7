/** @jest-environment node */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseInUseError, openDb } from "./open";

// A PGlite folder is one process's: the lock beside it names a live process (a child that
// waits) or one that has exited, as a running app or a crashed one leaves it.

let root: string;
let child: ChildProcess | undefined;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "guildhall-open-"));
});
afterEach(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child!.once("exit", resolve));
    child.kill();
    await exited;
  }
  child = undefined;
  rmSync(root, { recursive: true, force: true });
});

async function liveProcess(): Promise<ChildProcess> {
  const started = spawn(process.execPath, ["-e", "process.stdout.write('up'); setInterval(() => {}, 1000)"], { stdio: ["ignore", "pipe", "ignore"] });
  await new Promise((resolve) => started.stdout!.once("data", resolve));
  return started;
}

it("refuses a PGlite folder another live process has open, saying what to do", async () => {
  const pgliteDir = path.join(root, "pglite");
  child = await liveProcess();
  writeFileSync(`${pgliteDir}.lock`, String(child.pid));
  const opening = openDb({ pgliteDir });
  await expect(opening).rejects.toThrow(DatabaseInUseError);
  await expect(opening).rejects.toThrow(/is open in process \d+ \(npm start\?\).*stop that process, or share a PostgreSQL through DATABASE_URL/);
  expect(readFileSync(`${pgliteDir}.lock`, "utf8")).toBe(String(child.pid));
});

it("takes over the lock of a process that is gone, and lets the folder go on close", async () => {
  const pgliteDir = path.join(root, "pglite");
  child = await liveProcess();
  const gone = new Promise((resolve) => child!.once("exit", resolve));
  child.kill();
  await gone;
  writeFileSync(`${pgliteDir}.lock`, String(child.pid));
  const handle = await openDb({ pgliteDir });
  expect(readFileSync(`${pgliteDir}.lock`, "utf8")).toBe(String(process.pid));
  await handle.close();
  expect(existsSync(`${pgliteDir}.lock`)).toBe(false);
});
