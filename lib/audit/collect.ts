import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";

// The audit rows a guild write recorded, handed back to the route pipeline (lib/http/route.ts) so
// that, once the write committed, the guild's open tabs and its other managers hear of it
// (lib/notifications/teammate-changes.ts) whichever handler made the change.

export type RecordedAudit = { id: number; guildId: string; userId: string; action: string; target: string };

const recorded = new AsyncLocalStorage<RecordedAudit[]>();

/** Runs `run`, returning what it returned and the audit rows it recorded (committed or not: the caller checks). */
export async function collectingAudits<T>(run: () => Promise<T>): Promise<{ result: T; audits: RecordedAudit[] }> {
  const audits: RecordedAudit[] = [];
  const result = await recorded.run(audits, run);
  return { result, audits };
}

export function noteAudit(audit: RecordedAudit): void {
  recorded.getStore()?.push(audit);
}
