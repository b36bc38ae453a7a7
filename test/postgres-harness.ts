// Tests only: a private PostgreSQL cluster (Debian's postgresql package; CI's .ci/run installs
// it) in a throwaway folder on a free loopback port, as .ci/run starts its own: initdb with trust
// authentication, UTF-8 like production databases, one database `guildhall`. Run as root (CI,
// this machine), the server runs as the postgres user, which PostgreSQL insists on. A machine
// without PostgreSQL fails the test that asks for it, saying so: nothing is skipped.
import { freePort } from "@/test/free-port";
import { execFile } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface PostgresHarness {
  /** postgres://…/guildhall on the private cluster. */
  url: string;
  stop(): Promise<void>;
}

const MISSING = "PostgreSQL's initdb was not found under /usr/lib/postgresql: install Debian's postgresql package (apt-get install -y postgresql), as .ci/run does";

/** The newest installed version's bin folder. */
function postgresBin(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).filter((name) => existsSync(join(root, name, "bin", "initdb"))) : [];
  const newest = versions.sort((a, b) => Number(a) - Number(b)).at(-1);
  if (!newest) throw new Error(MISSING);
  return join(root, newest, "bin");
}

export async function startPostgresHarness(): Promise<PostgresHarness> {
  const bin = postgresBin();
  const asRoot = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root: the postgres user runs it and owns its folder.
  const command = (tool: string, args: string[]) => (asRoot ? run("runuser", ["-u", "postgres", "--", join(bin, tool), ...args]) : run(join(bin, tool), args));
  const root = mkdtempSync(join(tmpdir(), "guildhall-pg-"));
  if (asRoot) chownSync(root, Number((await run("id", ["-u", "postgres"])).stdout.trim()), Number((await run("id", ["-g", "postgres"])).stdout.trim()));
  const data = join(root, "data");
  const port = await freePort();
  await command("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--encoding=UTF8", "--locale=C.UTF-8"]);
  await command("pg_ctl", ["-D", data, "-o", `-p ${port} -k ${root} -c listen_addresses=127.0.0.1`, "-l", join(root, "log"), "-w", "start"]);
  const stop = async () => {
    await command("pg_ctl", ["-D", data, "-m", "immediate", "stop"]).catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  };
  try {
    await command("createdb", ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "guildhall"]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/guildhall`, stop };
}
