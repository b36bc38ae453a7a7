import "server-only";
import { randomUUID } from "node:crypto";
import { and, desc, eq, lt, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "@/lib/db/client";
import { pluginItems, tickets, type TicketAnswer, type TranscriptLine } from "@/lib/db/schema";
import { TICKET_STATUSES, type TicketDetail, type TicketStatus, type TicketView } from "./view";
import { platformId } from "@/lib/platform/snowflake";
import { inputUuid } from "@/lib/validation/text";
import { ticketing } from "./definition";

// The tickets of a guild as the bot reports them (lib/bot-contract/events.ts), and as the
// Ticketing page lists them: newest first, filtered, in keyset pages by number.

/** Why a report cannot apply: the event is refused with this code and changes nothing. */
export type TicketRefusal = "unknown_panel" | "ticket_exists" | "unknown_ticket" | "ticket_closed";

export class TicketReportRefused extends Error {
  constructor(readonly code: TicketRefusal) {
    super(code);
  }
}

const PAGE_SIZE = 25;

/** The list's filters and cursor, as the page's address and the API take them. */
export const ticketListQuery = z.strictObject({
  opener: platformId("user").optional(),
  panel: inputUuid().optional(),
  claimed_by: platformId("user").optional(),
  closed_by: platformId("user").optional(),
  status: z.enum(TICKET_STATUSES).optional(),
  /** Tickets numbered below this one: the next page's cursor. */
  before: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE),
});
export type TicketListQuery = z.output<typeof ticketListQuery>;

type Row = typeof tickets.$inferSelect;

function view(row: Omit<Row, "transcript" | "answers"> & { hasTranscript: boolean }): TicketView {
  return {
    id: row.id,
    number: row.number,
    panel_id: row.panelId,
    channel_id: row.channelId,
    opener_id: row.openerId,
    opener_name: row.openerName,
    status: row.status as TicketStatus,
    claimed_by: row.claimedBy,
    closed_by: row.closedBy,
    close_reason: row.closeReason,
    opened_at: row.openedAt.toISOString(),
    claimed_at: row.claimedAt?.toISOString() ?? null,
    closed_at: row.closedAt?.toISOString() ?? null,
    has_transcript: row.hasTranscript,
  };
}

// Every column but the two large ones, which only a single ticket's view reads.
const listColumns = {
  id: tickets.id,
  guildId: tickets.guildId,
  number: tickets.number,
  panelId: tickets.panelId,
  channelId: tickets.channelId,
  openerId: tickets.openerId,
  openerName: tickets.openerName,
  status: tickets.status,
  claimedBy: tickets.claimedBy,
  claimedAt: tickets.claimedAt,
  closedBy: tickets.closedBy,
  closedAt: tickets.closedAt,
  closeReason: tickets.closeReason,
  openedAt: tickets.openedAt,
  hasTranscript: sql<boolean>`${tickets.transcript} is not null`,
};

/** One page of the guild's tickets, newest first, and the cursor of the next (null on the last). */
export async function listTickets(db: Db, guildId: string, query: TicketListQuery): Promise<{ tickets: TicketView[]; next_before: number | null }> {
  const where: SQL[] = [eq(tickets.guildId, guildId)];
  if (query.opener) where.push(eq(tickets.openerId, query.opener));
  if (query.panel) where.push(eq(tickets.panelId, query.panel));
  if (query.claimed_by) where.push(eq(tickets.claimedBy, query.claimed_by));
  if (query.closed_by) where.push(eq(tickets.closedBy, query.closed_by));
  if (query.status) where.push(eq(tickets.status, query.status));
  if (query.before) where.push(lt(tickets.number, query.before));
  const rows = await db
    .select(listColumns)
    .from(tickets)
    .where(and(...where))
    .orderBy(desc(tickets.number))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit).map(view);
  return { tickets: page, next_before: rows.length > query.limit ? page[page.length - 1]!.number : null };
}

/** A ticket of the guild with its answers and transcript, or null. */
export async function getTicket(db: Db, guildId: string, number: number): Promise<TicketDetail | null> {
  const [row] = await db.select().from(tickets).where(and(eq(tickets.guildId, guildId), eq(tickets.number, number)));
  if (!row) return null;
  return { ...view({ ...row, hasTranscript: row.transcript !== null }), answers: row.answers, transcript: row.transcript };
}

export type OpenedReport = { channelId: string; panelId: string | null; userId: string; userName: string | null; answers: TicketAnswer[]; at: Date };

/** Records a ticket the bot opened; numbered after the guild's last one. */
export async function recordOpened(tx: Tx, guildId: string, report: OpenedReport): Promise<number> {
  if (report.panelId) {
    const [panel] = await tx
      .select({ id: pluginItems.id })
      .from(pluginItems)
      .where(and(eq(pluginItems.guildId, guildId), eq(pluginItems.pluginId, ticketing.id), eq(pluginItems.collection, "panels"), eq(pluginItems.id, report.panelId)));
    if (!panel) throw new TicketReportRefused("unknown_panel");
  }
  // One opening at a time per guild, so two tickets reported at once get two numbers.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tickets:${guildId}`}))`);
  const [taken] = await tx.select({ id: tickets.id }).from(tickets).where(and(eq(tickets.guildId, guildId), eq(tickets.channelId, report.channelId)));
  if (taken) throw new TicketReportRefused("ticket_exists");
  const [last] = await tx.select({ number: sql<number>`coalesce(max(${tickets.number}), 0)` }).from(tickets).where(eq(tickets.guildId, guildId));
  const number = Number(last?.number ?? 0) + 1;
  await tx.insert(tickets).values({
    id: randomUUID(),
    guildId,
    number,
    panelId: report.panelId,
    channelId: report.channelId,
    openerId: report.userId,
    openerName: report.userName,
    answers: report.answers,
    openedAt: report.at,
  });
  return number;
}

/** The open ticket of a channel, locked for the change; refused when there is none or it is closed. */
async function openTicketIn(tx: Tx, guildId: string, channelId: string): Promise<Row> {
  const [row] = await tx
    .select()
    .from(tickets)
    .where(and(eq(tickets.guildId, guildId), eq(tickets.channelId, channelId)))
    .for("update");
  if (!row) throw new TicketReportRefused("unknown_ticket");
  if (row.status === "closed") throw new TicketReportRefused("ticket_closed");
  return row;
}

export async function recordClaimed(tx: Tx, guildId: string, report: { channelId: string; userId: string; at: Date }): Promise<void> {
  const row = await openTicketIn(tx, guildId, report.channelId);
  await tx.update(tickets).set({ claimedBy: report.userId, claimedAt: report.at }).where(eq(tickets.id, row.id));
}

export async function recordClosed(tx: Tx, guildId: string, report: { channelId: string; userId: string; reason: string | null; transcript: TranscriptLine[]; at: Date }): Promise<void> {
  const row = await openTicketIn(tx, guildId, report.channelId);
  await tx
    .update(tickets)
    .set({ status: "closed", closedBy: report.userId, closedAt: report.at, closeReason: report.reason, transcript: report.transcript })
    .where(eq(tickets.id, row.id));
}
