// Tests only: a real redis-server (Debian's `redis-server` package; CI's .ci/run installs it) on
// a free loopback port, without persistence. kill() ends it the hard way (SIGKILL), as an outage
// does; restart() brings it back, empty, on the same port. links() are connections standing for
// separate instances of the app. With `persistent`, every write is on disk before Redis answers
// (append-only file, fsync always), so a restart finds the data again: Redis's own restart, not
// a new server. A machine without redis-server fails the test that asks for it, saying so:
// nothing is skipped.
import { freePort } from "@/test/free-port";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connectRedis, type RedisLink } from "@/lib/redis/link";

export interface RedisHarness {
  url: string;
  /** A new connection, as one more instance of the app would open (closed by stop()). */
  link(): RedisLink;
  /** SIGKILL: the outage. */
  kill(): Promise<void>;
  /** Starts it again on the same port (empty, unless persistent). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

const MISSING = "redis-server was not found: install Debian's redis-server package (apt-get install -y redis-server), as .ci/run does";

/** Starts redis-server on `port`; resolves once it says it accepts connections. */
function startServer(port: number, dir: string | null): Promise<ChildProcess> {
  const storage = dir ? ["--dir", dir, "--appendonly", "yes", "--appendfsync", "always"] : ["--appendonly", "no"];
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--protected-mode", "no", ...storage], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes("Ready to accept connections")) return;
      child.stdout!.off("data", onData);
      child.stdout!.resume();
      child.off("exit", onExit);
      resolve(child);
    };
    const onExit = (code: number | null) => reject(new Error(`redis-server exited (${code}) before accepting connections:\n${output}`));
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", onExit);
    child.once("error", (error: NodeJS.ErrnoException) => reject(error.code === "ENOENT" ? new Error(MISSING) : error));
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/** Resolves once the link's command connection is up (the first time, or again after an outage). */
export function linkUp(link: RedisLink): Promise<void> {
  if (link.isUp()) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = link.onReady(() => {
      stop();
      resolve();
    });
  });
}

/** Resolves once the link has noticed that Redis is gone. */
export function linkDown(link: RedisLink): Promise<void> {
  if (!link.isUp()) return Promise.resolve();
  return new Promise((resolve) => link.client.once("reconnecting", () => resolve()));
}

/** Resolves once the link's pub/sub connection is back after an outage (its subscriptions sent again). */
export function subscriberBack(link: RedisLink): Promise<void> {
  return new Promise((resolve) => {
    const stop = link.onSubscriberReady(() => {
      stop();
      resolve();
    });
  });
}

export async function startRedisHarness(options: { persistent?: boolean } = {}): Promise<RedisHarness> {
  const port = await freePort();
  const dir = options.persistent ? mkdtempSync(join(tmpdir(), "guildhall-redis-")) : null;
  let server = await startServer(port, dir);
  const links: RedisLink[] = [];
  return {
    url: `redis://127.0.0.1:${port}`,
    link() {
      const link = connectRedis(`redis://127.0.0.1:${port}`);
      links.push(link);
      return link;
    },
    async kill() {
      server.kill("SIGKILL");
      await exited(server);
    },
    async restart() {
      server = await startServer(port, dir);
    },
    async stop() {
      await Promise.all(links.map((link) => link.close()));
      server.kill("SIGKILL");
      await exited(server);
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
