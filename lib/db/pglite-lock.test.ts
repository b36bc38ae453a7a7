/** @jest-environment node */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { lockPgliteDir, PgliteInUseError } from "./pglite-lock";

// Real processes: the lock names a live one (a child that waits) or one that has exited.

let root: string;
let child: ChildProcess | undefined;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "guildhall-lock-"));
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

/** A process that lives until killed, and its pid once it runs. */
async function liveProcess(): Promise<ChildProcess> {
  const started = spawn(process.execPath, ["-e", "process.stdout.write('up'); setInterval(() => {}, 1000)"], { stdio: ["ignore", "pipe", "ignore"] });
  await new Promise((resolve) => started.stdout!.once("data", resolve));
  return started;
}

describe("lockPgliteDir", () => {
  it("takes a free folder, names this process beside it, and lets it go", () => {
    const dir = path.join(root, "pglite");
    const release = lockPgliteDir(dir);
    expect(readFileSync(`${dir}.lock`, "utf8")).toBe(String(process.pid));
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it("refuses a folder another live process holds, naming it and the way out", async () => {
    const dir = path.join(root, "pglite");
    child = await liveProcess();
    writeFileSync(`${dir}.lock`, String(child.pid));
    let refused: unknown;
    try {
      lockPgliteDir(dir);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(PgliteInUseError);
    expect((refused as PgliteInUseError).pid).toBe(child.pid);
    expect((refused as Error).message).toMatch(/in use by another process \(pid \d+\), probably a running `npm start`/);
    expect((refused as Error).message).toContain("DATABASE_URL");
    expect(readFileSync(`${dir}.lock`, "utf8")).toBe(String(child.pid));
  });

  it("takes over the lock of a process that is gone", async () => {
    const dir = path.join(root, "pglite");
    child = await liveProcess();
    const pid = child.pid!;
    const exited = new Promise((resolve) => child!.once("exit", resolve));
    child.kill();
    await exited;
    writeFileSync(`${dir}.lock`, String(pid));
    const release = lockPgliteDir(dir);
    expect(readFileSync(`${dir}.lock`, "utf8")).toBe(String(process.pid));
    release();
  });
});
