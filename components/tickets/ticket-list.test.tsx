/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import en from "@/messages/en.json";
import { onErrorModal } from "@/lib/http/error-bus";
import type { TicketDetail, TicketView } from "@/lib/plugins/ticketing/view";
import { TicketList } from "./ticket-list";
import { TICKET_LIST_KEYS, type TicketListText } from "./ticket-list-text";

// The Ticketing page's list: filters sent as the API's query (a member id checked first), Load
// more with the cursor, and a ticket's transcript in a dialog that Escape closes.

const GUILD = "584327784348909864";
const PANEL = "0b8c6a8e-7f8e-4d2a-9d65-0d9a3c1e2f10";
const ADA = "584327784348909801";

const text = Object.fromEntries(
  TICKET_LIST_KEYS.map((key) => {
    const [group, name] = key.split(".") as [string, string | undefined];
    const messages = en.ticketList as Record<string, unknown>;
    return [key, name ? (messages[group] as Record<string, string>)[name] : messages[group]];
  }),
) as TicketListText;

const ticket = (number: number, extra: Partial<TicketView> = {}): TicketView => ({
  id: `t${number}`, number, panel_id: PANEL, channel_id: `58432778434890990${number}`, opener_id: ADA, opener_name: "Ada", status: "open",
  claimed_by: null, closed_by: null, close_reason: null, opened_at: "2026-11-28T10:00:00.000Z", claimed_at: null, closed_at: null, has_transcript: false, ...extra,
});

type FakeResponse = { ok: boolean; status: number; json: () => Promise<unknown> };
const answer = (body: unknown): Promise<FakeResponse> => Promise.resolve({ ok: true, status: 200, json: async () => body });

function mockFetch(...bodies: unknown[]): jest.Mock {
  const fetch = jest.fn(() => answer(bodies.shift()));
  globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
  return fetch;
}

let stop: () => void;
beforeAll(() => {
  document.cookie = "XSRF-TOKEN=test-token";
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute("open");
  };
});
beforeEach(() => {
  stop = onErrorModal(jest.fn());
});
afterEach(() => {
  stop();
  jest.restoreAllMocks();
});

const renderList = (tickets: TicketView[], next: number | null = null) =>
  render(<TicketList guildId={GUILD} locale="en" initial={{ tickets, next_before: next }} panels={{ [PANEL]: "Support" }} text={text} />);

it("filters by status and panel, refusing a member id that is not one before asking", async () => {
  const fetch = mockFetch({ tickets: [ticket(2, { status: "closed", closed_by: ADA })], next_before: null });
  renderList([ticket(3), ticket(2)]);
  const list = screen.getByTestId("ticket-list");
  fireEvent.change(within(list).getByRole("textbox", { name: "Opened by" }), { target: { value: "ada" } });
  fireEvent.click(within(list).getByRole("button", { name: "Filter" }));
  expect(screen.getByRole("alert").textContent).toBe(text.memberHint);
  expect(fetch).not.toHaveBeenCalled();
  fireEvent.change(within(list).getByRole("textbox", { name: "Opened by" }), { target: { value: ADA } });
  fireEvent.change(within(list).getByRole("combobox", { name: "Status" }), { target: { value: "closed" } });
  fireEvent.change(within(list).getByRole("combobox", { name: "Panel" }), { target: { value: PANEL } });
  await act(async () => fireEvent.click(within(list).getByRole("button", { name: "Filter" })));
  expect(fetch).toHaveBeenCalledWith(`/api/plugins/ticketing/guilds/${GUILD}/tickets?status=closed&panel=${PANEL}&opener=${ADA}`, expect.anything());
  expect(within(list).getAllByRole("listitem").map((item) => item.getAttribute("data-ticket-number"))).toEqual(["2"]);
  expect(within(list).getByRole("listitem").textContent).toContain("Closed by");
});

it("loads the next page with the cursor and keeps the tickets shown", async () => {
  const fetch = mockFetch({ tickets: [ticket(1)], next_before: null });
  renderList([ticket(3), ticket(2)], 2);
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Load more" })));
  expect(fetch).toHaveBeenCalledWith(`/api/plugins/ticketing/guilds/${GUILD}/tickets?before=2`, expect.anything());
  expect(screen.getAllByRole("listitem").map((item) => item.getAttribute("data-ticket-number"))).toEqual(["3", "2", "1"]);
  expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
});

it("opens a ticket's answers and transcript in a dialog", async () => {
  const detail: TicketDetail = {
    ...ticket(1, { status: "closed", close_reason: "Solved", has_transcript: true }),
    answers: [{ label: "What do you need?", value: "A role" }],
    transcript: [{ id: "1", author_id: ADA, author_name: "Ada", content: "Hello team", at: "2026-11-28T10:01:00.000Z", attachments: ["https://cdn.example.com/a.png"] }],
  };
  mockFetch({ ticket: detail });
  renderList([ticket(1, { status: "closed" })]);
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "View: Ticket #1" })));
  const dialog = screen.getByTestId("ticket-dialog");
  expect(within(dialog).getByRole("heading", { name: "Ticket #1" })).toBeTruthy();
  expect(dialog.textContent).toContain("Reason: Solved");
  expect(dialog.textContent).toContain("A role");
  expect(within(dialog).getByTestId("ticket-transcript").textContent).toContain("Hello team");
  expect(within(dialog).getByRole("link", { name: "Attachment 1" }).getAttribute("href")).toBe("https://cdn.example.com/a.png");
  fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
  expect(screen.queryByTestId("ticket-dialog")).toBeNull();
});
