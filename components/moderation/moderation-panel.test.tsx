/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { SEARCH_DEBOUNCE_MS } from "@/components/message-editor/use-member-search";
import en from "@/messages/en.json";
import type { CaseView } from "@/lib/moderation/cases";
import type { CasePage } from "./case-list";
import { ModerationPanel } from "./moderation-panel";
import { dialogPolyfill, fakeApi } from "./test-api";

// The case list and its filters: the server's first page shown as drawn, each filter kept in
// the address and sent to the API (days as instants in the server's zone), Load more by
// cursor, the CSV link with the same filters, and a member opening their history.

const GUILD = "584327784348909864";
const SAM = "139413632000852079";
const BJORN = "342392154494206137";
const BASE = `/api/plugins/moderator/guilds/${GUILD}`;

const view = (id: number, overrides: Partial<CaseView> = {}): CaseView => ({
  id, type: "warn", target: { id: SAM, name: "Sam" }, moderator: { kind: "dashboard", id: "1", name: "Ada" }, reason: `reason ${id}`, duration_seconds: null, expires_at: null,
  pardoned: null, related_case_id: null, source: "dashboard", version: 1, created_at: "2026-01-05T10:00:00.000Z", updated_at: "2026-01-05T10:00:00.000Z", ...overrides,
});
const FIRST: CasePage = {
  infractions: [view(3, { type: "ban", moderator: { kind: "platform", id: "9", name: "Chen" } }), view(2, { type: "timeout", duration_seconds: 900, expires_at: "2026-01-05T10:15:00.000Z", moderator: { kind: "bot", id: "2", name: null } }), view(1)],
  next_cursor: "1",
};

beforeAll(async () => {
  // The tabs' code loads on first opening; loaded once here, it arrives within each test's act().
  await Promise.all([import("./member-history"), import("./ban-list"), import("./case-filters")]);
  dialogPolyfill();
  document.cookie = "XSRF-TOKEN=test-token";
});
beforeEach(() => window.history.replaceState(null, "", `/en/dashboard/${GUILD}/moderator`));
afterEach(() => jest.useRealTimers());

function renderPanel() {
  return render(
    <ModerationPanel
      guildId={GUILD}
      initialCases={FIRST}
      lockdown={{ locked: false, channels: [] }}
      lockdownChannels={[]}
      settingsHref="#cfg-moderator-section-lockdown"
      zone="Europe/Paris"
      locale="en-GB"
      defaultMinutes={60}
      refusals={{}}
      text={en.moderation}
    />,
  );
}

const rows = () => screen.getAllByRole("row").slice(1).map((row) => within(row).getAllByRole("cell").map((cell) => cell.textContent));

it("shows the server's first page as drawn, naming the moderators, without asking again", () => {
  const requests = fakeApi({});
  renderPanel();
  expect(rows()).toEqual([
    ["#3", "Ban", "Sam", "Chen on Discord", "reason 3", "—", "5 Jan 2026, 11:00", "No"],
    ["#2", "Timeout", "Sam", "The bot", "reason 2", "15 minutes until 5 Jan 2026, 11:15", "5 Jan 2026, 11:00", "No"],
    ["#1", "Warning", "Sam", "Ada", "reason 1", "—", "5 Jan 2026, 11:00", "No"],
  ]);
  expect(requests).toEqual([]);
  // A phone writes each column's name before its cell, from names given once for the table.
  expect(screen.getByRole("table").style.getPropertyValue("--c7")).toBe('"When"');
});

it("keeps the filters in the address, asks the API with them, and exports with them", async () => {
  const requests = fakeApi({ [`GET ${BASE}/infractions?`]: { status: 200, body: { infractions: [view(3, { type: "ban" })], next_cursor: null } } });
  renderPanel();
  // Closed until asked for (or until the address holds filters).
  expect(screen.queryByRole("checkbox", { name: "Ban" })).toBeNull();
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Filter cases" })));
  expect(screen.getByRole("button", { name: "Filter cases" }).getAttribute("aria-expanded")).toBe("true");
  await act(async () => fireEvent.click(screen.getByRole("checkbox", { name: "Ban" })));
  await act(async () => fireEvent.click(screen.getByRole("checkbox", { name: "Kick" })));
  await act(async () => fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-01-05" } }));
  await act(async () => fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-01-06" } }));
  await act(async () => fireEvent.click(screen.getByRole("checkbox", { name: "Include pardoned cases" })));
  expect(window.location.search).toBe("?type=kick,ban&from=2026-01-05&to=2026-01-06&pardoned=1");
  // Days in Paris (UTC+1 in January): from its midnight to the last millisecond of the 6th.
  const query = "type=kick%2Cban&from=2026-01-04T23%3A00%3A00.000Z&to=2026-01-06T22%3A59%3A59.999Z&include_pardoned=true";
  expect(requests.at(-1)).toEqual({ method: "GET", path: `${BASE}/infractions?${query}` });
  expect(rows()).toHaveLength(1);
  expect(screen.getByRole("link", { name: "Export as CSV" }).getAttribute("href")).toBe(`${BASE}/infractions/export?${query}`);

  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Clear filters" })));
  expect(window.location.search).toBe("");
  expect(rows()).toHaveLength(3);
});

it("reads the filters from the address it opens on", async () => {
  window.history.replaceState(null, "", `/en/dashboard/${GUILD}/moderator?type=kick&moderator=${BJORN}&pardoned=1`);
  const requests = fakeApi({ [`GET ${BASE}/infractions?`]: { status: 200, body: { infractions: [], next_cursor: null } } });
  renderPanel();
  await act(async () => undefined);
  expect(requests).toEqual([{ method: "GET", path: `${BASE}/infractions?moderator_id=${BJORN}&type=kick&include_pardoned=true` }]);
  expect(screen.getByRole("checkbox", { name: "Kick" })).toHaveProperty("checked", true);
  expect(screen.getByText("No case matches these filters.")).toBeTruthy();
});

it("filters by a member found by name", async () => {
  jest.useFakeTimers();
  const requests = fakeApi({
    [`GET /api/guilds/${GUILD}/members/search?q=bj`]: { status: 200, body: [{ id: BJORN, username: "bjorn", global_name: "Björn", nick: null, avatar: null }] },
    [`GET ${BASE}/infractions?`]: { status: 200, body: { infractions: [], next_cursor: null } },
  });
  renderPanel();
  fireEvent.click(screen.getByRole("button", { name: "Filter cases" }));
  const [member] = screen.getAllByLabelText("Member");
  fireEvent.change(member!, { target: { value: "bj" } });
  // The search waits for typing to pause: let that pause pass at once.
  await act(async () => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
  await act(async () => fireEvent.click(screen.getByRole("button", { name: /Björn/ })));
  expect(window.location.search).toBe(`?user=${BJORN}`);
  expect(requests.at(-1)!.path).toBe(`${BASE}/infractions?user_id=${BJORN}`);
  expect(screen.getByRole("button", { name: "Clear Björn" })).toBeTruthy();
});

it("loads the next page after the last case shown", async () => {
  const requests = fakeApi({ [`GET ${BASE}/infractions?cursor=1`]: { status: 200, body: { infractions: [], next_cursor: null } } });
  renderPanel();
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Load more" })));
  expect(requests).toEqual([{ method: "GET", path: `${BASE}/infractions?cursor=1` }]);
  expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
});

it("opens a member's history from the list, in its tab and the address", async () => {
  const history = { user: { id: SAM, name: "Sam", avatar: null }, member: true, counts: { warn: 1, ban: 1 }, timeout_until: null, ban: null, ban_known: true, infractions: [view(1)], next_cursor: null };
  fakeApi({ [`GET ${BASE}/members/${SAM}/history`]: { status: 200, body: history } });
  renderPanel();
  await act(async () => fireEvent.click(screen.getAllByRole("button", { name: "Sam" })[0]!));
  expect(window.location.search).toBe(`?tab=member&member=${SAM}`);
  expect(screen.getByRole("tab", { name: "Member history" }).getAttribute("aria-selected")).toBe("true");
  const panel = await screen.findByTestId("member-history");
  expect(within(panel).getByRole("heading", { name: "History of Sam" })).toBeTruthy();
  expect(within(panel).getByRole("group", { name: "Act on this member" }).textContent).toBe("WarnTime outKickBanAdd a note");
});

it("moves between tabs with the arrow keys", async () => {
  fakeApi({ [`GET ${BASE}/bans`]: { status: 200, body: { bans: [], next_cursor: null, stale: false } } });
  renderPanel();
  const cases = screen.getByRole("tab", { name: "Cases" });
  cases.focus();
  fireEvent.keyDown(cases, { key: "ArrowRight" });
  await act(async () => fireEvent.keyDown(screen.getByRole("tab", { name: "Member history" }), { key: "ArrowRight" }));
  expect(document.activeElement).toBe(screen.getByRole("tab", { name: "Bans" }));
  expect(screen.getByRole("tab", { name: "Bans" }).getAttribute("aria-selected")).toBe("true");
  fireEvent.keyDown(document.activeElement!, { key: "Home" });
  expect(document.activeElement).toBe(cases);
});

it("keeps the act dialog's outcome on screen while the history reads the member again", async () => {
  window.history.replaceState(null, "", `/en/dashboard/${GUILD}/moderator?tab=member&member=${SAM}`);
  const history = { user: { id: SAM, name: "Sam", avatar: null }, member: true, counts: {}, timeout_until: null, ban: null, ban_known: true, infractions: [], next_cursor: null };
  const requests = fakeApi({
    [`GET ${BASE}/members/${SAM}/history`]: [
      { status: 200, body: history },
      { status: 200, body: { ...history, counts: { warn: 1 }, infractions: [view(9)] } },
    ],
    [`POST ${BASE}/infractions`]: { status: 201, body: { infraction: view(9), escalation: null, notice: "sent" } },
  });
  renderPanel();
  const panel = await screen.findByTestId("member-history");
  fireEvent.click(within(panel).getByRole("button", { name: "Warn" }));
  await act(async () => fireEvent.click(within(screen.getByTestId("act-dialog")).getByRole("button", { name: "Warn" })));
  expect(requests.filter((request) => request.path.endsWith("/history"))).toHaveLength(2);
  expect(within(screen.getByTestId("member-history")).getByRole("button", { name: "#9" })).toBeTruthy();
  expect(within(screen.getByTestId("act-dialog")).getByText("Warned. Recorded as case #9.")).toBeTruthy();
});
