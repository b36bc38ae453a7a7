import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";

// PGlite lets any number of processes open one data folder and never notices: two of them
// writing it (a running `npm start` and an operator's `npm run bot-key`) corrupt it. So whoever
// opens a folder first leaves its process id beside it (`<folder>.lock`, as PostgreSQL's
// postmaster.pid), and a second opener is refused while that process is alive. A lock left by
// a process that died without closing is taken over; so is one naming this very process (a
// container restarted under the same pid: one process opens a folder once, lib/db/client.ts).

/** Another running process has the PGlite folder open. */
export class PgliteInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number | null,
    readonly lockFile: string,
  ) {
    super(
      `The PGlite database in ${dir} is in use by another process${pid ? ` (pid ${pid})` : ""}, probably a running \`npm start\`. ` +
        `PGlite lets one process at a time open it: stop that process and try again, or set DATABASE_URL to a PostgreSQL database, which several processes can share. ` +
        `(If no such process is running, delete ${lockFile}.)`,
    );
    this.name = "PgliteInUseError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function holderOf(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, "utf8").trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function removeStale(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    // Another opener removed it first; the next attempt sees who holds the folder now.
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

/** Takes the folder for this process; the answer lets it go. Throws PgliteInUseError while another live process holds it. */
export function lockPgliteDir(dir: string): () => void {
  const file = `${path.resolve(dir)}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, "wx");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = holderOf(file);
      // No readable pid: another opener is writing it this very moment.
      if (holder === null) throw new PgliteInUseError(dir, null, file);
      if (holder !== process.pid && isAlive(holder)) throw new PgliteInUseError(dir, holder, file);
      removeStale(file);
      continue;
    }
    writeSync(fd, String(process.pid));
    closeSync(fd);
    const release = () => {
      process.off("exit", release);
      if (holderOf(file) === process.pid) unlinkSync(file);
    };
    process.on("exit", release);
    return release;
  }
  throw new PgliteInUseError(dir, holderOf(file), file);
}
