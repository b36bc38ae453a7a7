import "server-only";
import { randomUUID } from "node:crypto";
import { and, desc, eq, gte, inArray, isNull, lt, lte, sql, type SQL } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import type { Db, Tx } from "@/lib/db/client";
import { moderationCaseCounters, moderationCases } from "@/lib/db/schema";
import { ApiError, versionConflict } from "@/lib/http/api-error";
import { caseAuditTarget } from "./audit-target";
import type { CaseSource, CaseType, ModeratorKind } from "./case-types";

// Moderation cases: one per act, numbered per guild in the order they were recorded. A case is
// written in the transaction of its act's audit row; the same act sent twice (a retried request,
// an audit log entry seen again, a bot event replayed) carries the same idempotency key and
// makes one case. Lists are read newest first by number with keyset pagination.

export const MAX_CASES_PAGE = 100;
export const DEFAULT_CASES_PAGE = 25;
export const MAX_REASON = 512;

export type CaseRow = typeof moderationCases.$inferSelect;

export type NewCase = {
  guildId: string;
  type: CaseType;
  targetId: string;
  targetName?: string | null;
  moderator: { kind: ModeratorKind; id: string | null; name?: string | null };
  reason?: string;
  durationSeconds?: number | null;
  expiresAt?: Date | null;
  relatedCaseNumber?: number | null;
  source: CaseSource;
  idempotencyKey?: string | null;
  /** When the act happened (an audit log entry's time); now by default. */
  at?: Date;
};

/**
 * Records a case and its audit row (as `auditUserId`'s change). Returns the case and whether it
 * is new: a key already recorded answers the first case. The guild's counter row is locked
 * before the key is looked up, so two requests with one key cannot both make a case.
 */
export async function recordCase(tx: Tx, input: NewCase, auditUserId: string): Promise<{ case: CaseRow; created: boolean }> {
  await tx.insert(moderationCaseCounters).values({ guildId: input.guildId }).onConflictDoNothing();
  const [counter] = await tx.select().from(moderationCaseCounters).where(eq(moderationCaseCounters.guildId, input.guildId)).for("update");
  const existing = input.idempotencyKey ? await caseByKey(tx, input.guildId, input.idempotencyKey) : null;
  if (existing) return { case: existing, created: false };
  const number = counter!.lastNumber + 1;
  await tx.update(moderationCaseCounters).set({ lastNumber: number }).where(eq(moderationCaseCounters.guildId, input.guildId));
  const at = input.at ?? new Date();
  const [row] = await tx
    .insert(moderationCases)
    .values({
      id: randomUUID(),
      guildId: input.guildId,
      number,
      type: input.type,
      targetId: input.targetId,
      targetName: input.targetName ?? null,
      moderatorKind: input.moderator.kind,
      moderatorId: input.moderator.id,
      moderatorName: input.moderator.name ?? null,
      reason: (input.reason ?? "").slice(0, MAX_REASON),
      durationSeconds: input.durationSeconds ?? null,
      expiresAt: input.expiresAt ?? null,
      relatedCaseNumber: input.relatedCaseNumber ?? null,
      source: input.source,
      idempotencyKey: input.idempotencyKey ?? null,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  await recordAudit(tx, { guildId: input.guildId, userId: auditUserId, action: "moderation.case", target: caseAuditTarget(number), before: null, after: caseView(row!) });
  return { case: row!, created: true };
}

export type CaseFilters = {
  targetId?: string;
  moderatorId?: string;
  types?: readonly CaseType[];
  from?: Date;
  to?: Date;
  includePardoned?: boolean;
  /** The number of the last case of the previous page. */
  before?: number;
  limit: number;
};

/** One page of a guild's cases, newest first, and the cursor of the next page (null on the last). */
export async function listCases(db: Db, guildId: string, filters: CaseFilters): Promise<{ cases: CaseRow[]; next: number | null }> {
  const where: SQL[] = [eq(moderationCases.guildId, guildId), isNull(moderationCases.deletedAt)];
  if (filters.targetId) where.push(eq(moderationCases.targetId, filters.targetId));
  if (filters.moderatorId) where.push(eq(moderationCases.moderatorId, filters.moderatorId));
  if (filters.types?.length) where.push(inArray(moderationCases.type, [...filters.types]));
  if (filters.from) where.push(gte(moderationCases.createdAt, filters.from));
  if (filters.to) where.push(lte(moderationCases.createdAt, filters.to));
  if (!filters.includePardoned) where.push(isNull(moderationCases.pardonedAt));
  if (filters.before !== undefined) where.push(lt(moderationCases.number, filters.before));
  const rows = await db
    .select()
    .from(moderationCases)
    .where(and(...where))
    .orderBy(desc(moderationCases.number))
    .limit(filters.limit + 1);
  const cases = rows.slice(0, filters.limit);
  return { cases, next: rows.length > filters.limit ? cases.at(-1)!.number : null };
}

/** The case an idempotency key made, if any. */
export async function caseByKey(db: Db | Tx, guildId: string, key: string): Promise<CaseRow | null> {
  const [row] = await db.select().from(moderationCases).where(and(eq(moderationCases.guildId, guildId), eq(moderationCases.idempotencyKey, key)));
  return row ?? null;
}

export async function getCase(db: Db | Tx, guildId: string, number: number): Promise<CaseRow | null> {
  const [row] = await db
    .select()
    .from(moderationCases)
    .where(and(eq(moderationCases.guildId, guildId), eq(moderationCases.number, number), isNull(moderationCases.deletedAt)));
  return row ?? null;
}

const caseNotFound = () => new ApiError(404, "case_not_found", "This case does not exist in this server.");

export type CaseChanges = { reason?: string; pardoned?: boolean };

/**
 * Edits a case's reason or pardons it (or lifts the pardon), audited as `userId`'s change.
 * With `version`, a case changed since it was read is refused (412), so a pardon and an edit
 * made at once cannot lose one another; the row lock orders them either way.
 */
export async function updateCase(db: Db, guildId: string, number: number, changes: CaseChanges, userId: string, version?: number): Promise<CaseRow> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(moderationCases)
      .where(and(eq(moderationCases.guildId, guildId), eq(moderationCases.number, number), isNull(moderationCases.deletedAt)))
      .for("update");
    if (!current) throw caseNotFound();
    if (version !== undefined && current.version !== version) throw versionConflict();
    const now = new Date();
    const pardon =
      changes.pardoned === undefined || changes.pardoned === (current.pardonedAt !== null)
        ? {}
        : changes.pardoned
          ? { pardonedAt: now, pardonedBy: userId }
          : { pardonedAt: null, pardonedBy: null };
    const reason = changes.reason === undefined || changes.reason === current.reason ? {} : { reason: changes.reason.slice(0, MAX_REASON) };
    if (Object.keys(pardon).length === 0 && Object.keys(reason).length === 0) return current;
    const [row] = await tx
      .update(moderationCases)
      .set({ ...pardon, ...reason, version: sql`${moderationCases.version} + 1`, updatedAt: now })
      .where(eq(moderationCases.id, current.id))
      .returning();
    await recordAudit(tx, { guildId, userId, action: "moderation.case", target: caseAuditTarget(number), before: caseView(current), after: caseView(row!) });
    return row!;
  });
}

/** Hides a case from every list (kept for the audit log), audited. */
export async function deleteCase(db: Db, guildId: string, number: number, userId: string, version?: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(moderationCases)
      .where(and(eq(moderationCases.guildId, guildId), eq(moderationCases.number, number), isNull(moderationCases.deletedAt)))
      .for("update");
    if (!current) throw caseNotFound();
    if (version !== undefined && current.version !== version) throw versionConflict();
    await tx.update(moderationCases).set({ deletedAt: new Date(), version: sql`${moderationCases.version} + 1` }).where(eq(moderationCases.id, current.id));
    await recordAudit(tx, { guildId, userId, action: "moderation.case", target: caseAuditTarget(number), before: caseView(current), after: null });
  });
}

/** Counts of a member's cases by type (pardoned ones left out). */
export async function caseCounts(db: Db | Tx, guildId: string, targetId: string): Promise<Partial<Record<CaseType, number>>> {
  const rows = await db
    .select({ type: moderationCases.type, count: sql<number>`count(*)::int` })
    .from(moderationCases)
    .where(and(eq(moderationCases.guildId, guildId), eq(moderationCases.targetId, targetId), isNull(moderationCases.deletedAt), isNull(moderationCases.pardonedAt)))
    .groupBy(moderationCases.type);
  return Object.fromEntries(rows.map((row) => [row.type, row.count]));
}

/** A case as the API and the audit log show it. */
export function caseView(row: CaseRow) {
  return {
    id: row.number,
    type: row.type as CaseType,
    target: { id: row.targetId, name: row.targetName },
    moderator: { kind: row.moderatorKind as ModeratorKind, id: row.moderatorId, name: row.moderatorName },
    reason: row.reason,
    duration_seconds: row.durationSeconds,
    expires_at: row.expiresAt?.toISOString() ?? null,
    pardoned: row.pardonedAt ? { by: row.pardonedBy, at: row.pardonedAt.toISOString() } : null,
    related_case_id: row.relatedCaseNumber,
    source: row.source as CaseSource,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
export type CaseView = ReturnType<typeof caseView>;
