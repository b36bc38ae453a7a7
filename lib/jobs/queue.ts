import "server-only";
import type { PgBoss } from "pg-boss";
import { getDbHandle } from "@/lib/db/client";
import { openBoss } from "./boss";

// This process's queue client, opened on first use on the process's database handle and kept
// on globalThis like the handle itself (Next's module copies share one). Sending and working
// both go through it.

const globalKey = Symbol.for("guildhall.jobs");
type GlobalWithQueue = typeof globalThis & { [globalKey]?: Promise<PgBoss> };

export function getQueue(): Promise<PgBoss> {
  const store = globalThis as GlobalWithQueue;
  if (!store[globalKey]) {
    const opening = getDbHandle().then((handle) => openBoss(handle.source));
    store[globalKey] = opening;
    opening.catch(() => delete store[globalKey]);
  }
  return store[globalKey];
}

/** Stops this process's queue client (and its workers), waiting for running jobs to finish. */
export async function stopQueue(): Promise<void> {
  const store = globalThis as GlobalWithQueue;
  const opening = store[globalKey];
  delete store[globalKey];
  if (opening) await (await opening).stop({ graceful: true, timeout: 10_000 });
}
