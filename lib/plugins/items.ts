import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, count, eq, max, sql } from "drizzle-orm";
import { auditTarget, recordAudit, type AuditAction } from "@/lib/audit/record";
import { recordChanges } from "@/lib/bot-contract/record-change";
import { getDb, type Db, type Tx } from "@/lib/db/client";
import { pluginItems } from "@/lib/db/schema";
import { getGuildSettings } from "@/lib/guilds/settings-queries";
import type { z } from "zod";
import { ApiError, versionConflict } from "@/lib/http/api-error";
import { collectionLimit, limitWithPremium } from "./collection-limit";
import { getPlugin } from "./index";
import { assertNeedsMet } from "./needs-check";
import type { CollectionDefinition, UniqueFields } from "./types";
import { fieldIssue, issueTextFor } from "@/lib/validation/server-messages";
import { fieldIssues } from "@/lib/validation/issue-text";

export type Item = { id: string; position: number; version: number; data: Record<string, unknown> };
export type ItemScope = { guildId: string; pluginId: string; collection: string };

/**
 * A stored item read back through its schema before it is acted on (posted, sent). An item
 * saved under an older schema gets a 409 naming the fields to fix, not a 500.
 */
export function parseStoredItem<T extends z.ZodObject>(schema: T, item: Item): z.output<T> {
  const parsed = schema.safeParse(item.data);
  if (parsed.success) return parsed.data;
  const fields = fieldIssues(parsed.error, "item", issueTextFor("en"));
  throw new ApiError(409, "item_outdated", "This item was saved in an older format. Open it, correct the highlighted fields and save it again.", fields);
}

/** The JSON shape of an item in API answers: its fields beside id, position and version. */
export function itemResponse(item: Item) {
  return { ...item.data, id: item.id, position: item.position, version: item.version };
}

const plugin = (scope: ItemScope) => getPlugin(scope.pluginId)!;

const scopeWhere = (scope: ItemScope) =>
  and(eq(pluginItems.guildId, scope.guildId), eq(pluginItems.pluginId, scope.pluginId), eq(pluginItems.collection, scope.collection));

/** A stored row as the current schema reads it: items saved under an older shape are upgraded on the way out. */
function toItem(row: typeof pluginItems.$inferSelect): Item {
  const upgrade = getPlugin(row.pluginId)?.collections[row.collection]?.upgrade;
  return { id: row.id, position: row.position, version: row.version, data: upgrade ? upgrade(row.data) : row.data };
}

/** Items in their stable order: position, then creation, then id. */
export async function queryItems(db: Db | Tx, scope: ItemScope, page: { limit: number; offset: number }): Promise<{ items: Item[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db.select().from(pluginItems).where(scopeWhere(scope)).orderBy(asc(pluginItems.position), asc(pluginItems.createdAt), asc(pluginItems.id)).limit(page.limit).offset(page.offset),
    db.select({ value: count() }).from(pluginItems).where(scopeWhere(scope)),
  ]);
  return { items: rows.map(toItem), total: total?.value ?? 0 };
}

/** For server components: one page of a collection and the guild's limit. */
export async function listItems(guildId: string, pluginId: string, collection: string, page: { limit: number; offset: number }) {
  const definition = getPlugin(pluginId)?.collections[collection];
  if (!definition) throw new Error(`unknown collection ${pluginId}/${collection}`);
  const [result, settings] = await Promise.all([queryItems(await getDb(), { guildId, pluginId, collection }, page), getGuildSettings(guildId)]);
  return { ...result, max: collectionLimit(definition, settings.buffs) };
}

/** An item of this guild's collection, or a 404: another guild's item is never visible. */
export async function getItem(db: Db | Tx, scope: ItemScope, itemId: string, lock = false): Promise<Item> {
  const query = db.select().from(pluginItems).where(and(scopeWhere(scope), eq(pluginItems.id, itemId))).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new ApiError(404, "item_not_found", "This item does not exist in this server.");
  return toItem(row);
}

/** A value as uniqueness compares it: strings trimmed, case-insensitive (platform names are). */
function uniqueValue(value: unknown): string | null {
  if (typeof value === "string") return value.trim().toLowerCase();
  return typeof value === "number" || typeof value === "boolean" ? String(value) : null;
}

/** The fields of a `unique` rule, the issue it reports on the first, and an item's key under it (null: not compared). */
function uniqueRule(rule: string | UniqueFields) {
  const { fields, issue }: UniqueFields = typeof rule === "string" ? { fields: [rule], issue: "duplicate_value" } : rule;
  const keyOf = (data: Record<string, unknown>): string | null => {
    const values = fields.map((field) => uniqueValue(data[field]));
    return values.some((value) => value === null || value === "") ? null : JSON.stringify(values);
  };
  return { fields, issue, keyOf };
}

/** Whether `next` changes a value some `unique` rule compares (only then is it checked again). */
function changesUnique(definition: CollectionDefinition | undefined, current: Record<string, unknown>, next: Record<string, unknown>): boolean {
  return (definition?.unique ?? []).map(uniqueRule).some((rule) => rule.keyOf(next) !== rule.keyOf(current));
}

/**
 * A 409 `duplicate_value` when an item of `incoming` shares a `definition.unique` value with
 * another (stored, or earlier in the batch). Run inside the collection's advisory lock.
 */
async function assertUnique(tx: Tx, scope: ItemScope, definition: CollectionDefinition | undefined, incoming: { id?: string; data: Record<string, unknown> }[]): Promise<void> {
  const rules = (definition?.unique ?? []).map(uniqueRule);
  if (rules.length === 0) return;
  const rows = await tx.select({ id: pluginItems.id, data: pluginItems.data }).from(pluginItems).where(scopeWhere(scope));
  const replaced = new Set(incoming.flatMap((item) => (item.id ? [item.id] : [])));
  for (const { fields, issue, keyOf } of rules) {
    const taken = new Set(rows.filter((row) => !replaced.has(row.id)).map((row) => keyOf(row.data)));
    for (const item of incoming) {
      const key = keyOf(item.data);
      if (key === null) continue;
      if (taken.has(key)) {
        const [field] = fields;
        const problem = fieldIssue(field, issue);
        // One field names its value; a pair of fields reads best as the issue's own sentence.
        const message = fields.length === 1 ? `"${String(item.data[field]).trim()}" is already used by another item of this server; choose another ${field}.` : problem.message;
        throw new ApiError(409, "duplicate_value", message, [problem]);
      }
      taken.add(key);
    }
  }
}

const lockCollection = (tx: Tx, scope: ItemScope) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${scope.guildId}:${scope.pluginId}:${scope.collection}`}))`);

/** Who writes, the guild's buffs (they set its limits), and under which audit action (reverts and imports name themselves). */
type Writer = { userId: string; buffs: readonly string[]; action?: AuditAction };

/** Creates items in one transaction, refusing the whole batch when it would pass the guild's limit or leave a needed field empty. */
export async function createItems(
  db: Db,
  scope: ItemScope,
  definition: CollectionDefinition,
  writer: Writer,
  batch: Record<string, unknown>[],
  /** Ids to reuse (a revert restores a deleted item under its old id). */
  ids?: string[],
): Promise<Item[]> {
  return db.transaction(async (tx) => {
    // Serialises creators of one collection so two requests cannot both pass the limit.
    await lockCollection(tx, scope);
    const [[used], [last]] = await Promise.all([
      tx.select({ value: count() }).from(pluginItems).where(scopeWhere(scope)),
      tx.select({ value: max(pluginItems.position) }).from(pluginItems).where(scopeWhere(scope)),
    ]);
    const limit = collectionLimit(definition, writer.buffs);
    if ((used?.value ?? 0) + batch.length > limit) {
      const withPremium = limitWithPremium(definition, writer.buffs);
      throw withPremium <= limit
        ? new ApiError(403, "limit_reached", `This server can have at most ${limit} of these.`)
        : new ApiError(403, "premium_limit_reached", `This server can have ${limit} of these; premium raises the limit to ${withPremium}.`);
    }
    await assertUnique(tx, scope, definition, batch.map((data) => ({ data })));
    for (const data of batch) assertNeedsMet(plugin(scope), scope.collection, { enabled: true, values: null }, { enabled: true, values: data });
    const start = (last?.value ?? -1) + 1;
    const rows = await tx
      .insert(pluginItems)
      .values(batch.map((data, index) => ({ id: ids?.[index] ?? randomUUID(), ...scope, data, position: start + index, updatedBy: writer.userId })))
      .returning();
    for (const row of rows) {
      await recordAudit(tx, { guildId: scope.guildId, userId: writer.userId, action: writer.action ?? "item.create", target: auditTarget.item(scope.pluginId, scope.collection, row.id), before: null, after: row.data });
    }
    const items = rows.map(toItem);
    await recordChanges(
      tx,
      scope.guildId,
      items.map((item) => ({ kind: "item_created", pluginId: scope.pluginId, collection: scope.collection, itemId: item.id, value: itemResponse(item) })),
    );
    return items;
  });
}

/**
 * Updates an item and writes its audit row and its change for the bot in one transaction. `next` computes the item to
 * store from the one locked for this write (so a change of some fields is merged onto what
 * other writers saved meanwhile), or null when nothing changes: no version, no audit row.
 */
export async function updateItem(
  db: Db,
  scope: ItemScope,
  itemId: string,
  writer: Writer,
  next: (current: Item) => Record<string, unknown> | null,
  expectedVersion?: number,
): Promise<Item> {
  return db.transaction(async (tx) => {
    const definition = getPlugin(scope.pluginId)?.collections[scope.collection];
    // Renames take the creators' lock too, so a rename and a create cannot both claim a name.
    if (definition?.unique?.length) await lockCollection(tx, scope);
    const current = await getItem(tx, scope, itemId, true);
    if (expectedVersion !== undefined && expectedVersion !== current.version) throw versionConflict();
    const data = next(current);
    if (!data) return current;
    assertNeedsMet(plugin(scope), scope.collection, { enabled: true, values: current.data }, { enabled: true, values: data });
    if (changesUnique(definition, current.data, data)) await assertUnique(tx, scope, definition, [{ id: itemId, data }]);
    const [row] = await tx
      .update(pluginItems)
      .set({ data, version: sql`${pluginItems.version} + 1`, updatedAt: new Date(), updatedBy: writer.userId })
      .where(and(scopeWhere(scope), eq(pluginItems.id, itemId)))
      .returning();
    await recordAudit(tx, { guildId: scope.guildId, userId: writer.userId, action: writer.action ?? "item.update", target: auditTarget.item(scope.pluginId, scope.collection, itemId), before: current.data, after: data });
    const item = toItem(row!);
    await recordChanges(tx, scope.guildId, [{ kind: "item_updated", pluginId: scope.pluginId, collection: scope.collection, itemId, value: itemResponse(item) }]);
    return item;
  });
}

export async function deleteItem(db: Db, scope: ItemScope, itemId: string, writer: Writer): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await getItem(tx, scope, itemId, true);
    await tx.delete(pluginItems).where(and(scopeWhere(scope), eq(pluginItems.id, itemId)));
    await recordAudit(tx, { guildId: scope.guildId, userId: writer.userId, action: writer.action ?? "item.delete", target: auditTarget.item(scope.pluginId, scope.collection, itemId), before: current.data, after: null });
    await recordChanges(tx, scope.guildId, [{ kind: "item_deleted", pluginId: scope.pluginId, collection: scope.collection, itemId }]);
  });
}
