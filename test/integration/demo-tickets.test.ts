/** @jest-environment node */
// npm start's demo tickets (demo/seed-tickets.ts): Ticketing on with a Support panel, and four
// tickets as the bot would report them (two open, two closed, one with its transcript), once
// however often the server starts; they read back through the dashboard's API.
import type { World } from "@/emulators/platform/model";
import { getDb } from "@/lib/db/client";
import type { TicketDetail, TicketView } from "@/lib/plugins/ticketing/view";
import { seedDemoTickets } from "@/demo/seed-tickets";
import { pluginCall, readBody } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import type { CookieJar } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";

let harness: EmulatorHarness;
let ada: CookieJar;

beforeAll(async () => {
  harness = await startEmulatorHarness();
  ada = await signedInJar(harness);
}, 60_000);
afterAll(() => harness.stop());

async function read<T>(path: string): Promise<T> {
  const response = await pluginCall(ada, "GET", path);
  expect(response.status).toBe(200);
  return (await readBody(response)) as T;
}

it("turns Ticketing on with a panel and four tickets, once, the closed one's transcript readable", async () => {
  const guild = addScratchGuild(harness, "workshop", "Demo ticket desk");
  const full = harness.emulator.state.world;
  const world: World = { ...full, guilds: new Map([[guild, full.guilds.get(guild)!]]) };
  const db = await getDb();
  const now = Date.parse("2026-03-01T12:00:00Z");
  expect(await seedDemoTickets(db, world, now)).toBe(4);
  expect(await seedDemoTickets(db, world, now + 86_400_000)).toBe(0);

  expect(await read(`/ticketing/config/${guild}`)).toMatchObject({ enabled: true });
  const { items } = await read<{ items: Array<{ id: string; title: string; buttons: unknown[] }> }>(`/ticketing/guilds/${guild}/panels`);
  expect(items).toEqual([expect.objectContaining({ title: "Support", buttons: [{ text: "Open a ticket", emoji: "🎫", style: "primary" }] })]);
  const list = await read<{ tickets: TicketView[] }>(`/ticketing/guilds/${guild}/tickets`);
  expect(list.tickets.map((ticket) => [ticket.number, ticket.status, ticket.panel_id])).toEqual([
    [4, "open", items[0]!.id],
    [3, "open", items[0]!.id],
    [2, "closed", items[0]!.id],
    [1, "closed", items[0]!.id],
  ]);
  expect(list.tickets.every((ticket) => Date.parse(ticket.opened_at) < now)).toBe(true);
  const { ticket } = await read<{ ticket: TicketDetail }>(`/ticketing/guilds/${guild}/tickets/1`);
  expect(ticket.transcript).toHaveLength(3);
  expect(ticket).toMatchObject({ close_reason: "Solved", answers: [{ label: "What is it about?", value: "A missing level role" }] });
});
