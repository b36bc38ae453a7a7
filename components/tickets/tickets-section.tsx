import "server-only";
import { getTranslations } from "next-intl/server";
import { getDb } from "@/lib/db/client";
import type { Locale } from "@/lib/i18n/locales";
import { listItems } from "@/lib/plugins/items";
import { ticketing } from "@/lib/plugins/ticketing/definition";
import { listTickets, ticketListQuery } from "@/lib/plugins/ticketing/tickets";
import { TICKET_LIST_KEYS, type TicketListText } from "./ticket-list-text";
import { TicketList } from "./ticket-list";

/** The Ticketing page's list of tickets: drawn here with its first page; filters, pages and transcripts in the island. */
export async function TicketsSection({ guildId, locale }: { guildId: string; locale: Locale }) {
  const db = await getDb();
  const [first, panels, t] = await Promise.all([
    listTickets(db, guildId, ticketListQuery.parse({})),
    listItems(guildId, ticketing.id, "panels", { limit: 100, offset: 0 }),
    getTranslations({ locale, namespace: "ticketList" }),
  ]);
  const text = Object.fromEntries(TICKET_LIST_KEYS.map((key) => [key, t.raw(key) as string])) as TicketListText;
  const panelNames = Object.fromEntries(panels.items.map((item) => [item.id, String(item.data.title ?? "")]));
  return <TicketList guildId={guildId} locale={locale} initial={first} panels={panelNames} text={text} />;
}
