/** @jest-environment jsdom */
import { act, fireEvent, render, within } from "@testing-library/react";
import en from "@/messages/en.json";
import { apiFetch } from "@/lib/http/client-fetch";
import { onErrorModal } from "@/lib/http/error-bus";
import type { GiveawayView } from "@/lib/plugins/giveaways/view";
import { GiveawayDraws, type DrawsText } from "./giveaway-draws";

// The giveaways list: what each state offers, the confirmation before a draw or a cancel,
// the busy label while it runs, the notice it leaves, the server's reason when refused, and
// the reload after the collection above changes.

const GUILD = "584327784348909864";
const CHANNEL = "584327784348909870";
const { status, ...flat } = en.giveawayDraws;
const text = { ...flat, ...Object.fromEntries(Object.entries(status).map(([key, value]) => [`status.${key}`, value])) } as DrawsText;

const view = (id: string, state: GiveawayView["status"], extra: Partial<GiveawayView> = {}): GiveawayView => ({
  id,
  prize: `Prize ${id}`,
  ends_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  status: state,
  channel_id: CHANNEL,
  message_id: state === "scheduled" ? null : "584327784348909990",
  winner_count: 1,
  entrants: 3,
  entries: 5,
  finished_at: null,
  winners: [],
  ...extra,
});

type FakeResponse = { ok: boolean; status: number; json: () => Promise<unknown> };
const answer = (code: number, body: unknown): Promise<FakeResponse> => Promise.resolve({ ok: code >= 200 && code < 300, status: code, json: async () => body });
function mockFetch(implementation: (url: string) => Promise<FakeResponse>): jest.Mock {
  const fetch = jest.fn(implementation);
  globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
  return fetch;
}

function renderList(list: GiveawayView[]) {
  return render(<GiveawayDraws guildId={GUILD} locale="en" initial={list} channels={{ [CHANNEL]: "#general" }} disabled={false} linkBase="https://discord.example" text={text} errors={en.collectionActions.errors} />);
}

const row = (id: string) => document.querySelector<HTMLElement>(`[data-giveaway-id="${id}"]`)!;
const buttons = (id: string) => within(row(id)).queryAllByRole("button").map((button) => button.textContent);

let modal: jest.Mock;
let stop: () => void;
beforeAll(() => {
  document.cookie = "XSRF-TOKEN=test-token";
});
beforeEach(() => {
  modal = jest.fn();
  stop = onErrorModal(modal);
});
afterEach(() => {
  stop();
  jest.restoreAllMocks();
});

describe("giveaway list", () => {
  it("offers what each state allows, with its time left and winners", () => {
    renderList([
      view("a", "scheduled"),
      view("b", "running"),
      view("c", "ended", { finished_at: new Date().toISOString(), winners: [{ user_id: "1", round: 1, name: "Ada" }, { user_id: "2", round: 2, name: "Bjorn" }] }),
      view("d", "cancelled"),
    ]);
    expect(buttons("a")).toEqual(["Start", "Cancel"]);
    expect(buttons("b")).toEqual(["End now", "Cancel"]);
    expect(buttons("c")).toEqual(["Reroll"]);
    expect(buttons("d")).toEqual([]);
    expect(row("b").textContent).toContain("Ends in 3 days");
    expect(row("b").textContent).toContain("Running");
    expect(row("c").textContent).toContain("Winners: Ada · Reroll 1: Bjorn");
  });

  it("asks before ending, shows progress, then the new state and where the winners were announced", async () => {
    const confirm = jest.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    let release: (value: FakeResponse) => void = () => {};
    const fetch = mockFetch(() => new Promise((resolve) => (release = resolve)));
    renderList([view("b", "running")]);
    await act(async () => fireEvent.click(within(row("b")).getByRole("button", { name: "End now: Prize b" })));
    expect(confirm).toHaveBeenCalledWith("End “Prize b” now and draw its winners?");
    expect(fetch).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(within(row("b")).getByRole("button", { name: "End now: Prize b" })));
    const busy = within(row("b")).getByRole("button", { name: "Drawing…: Prize b" });
    expect(busy.getAttribute("aria-busy")).toBe("true");
    expect(fetch).toHaveBeenCalledWith(`/api/plugins/giveaways/guilds/${GUILD}/giveaways/b/end`, expect.objectContaining({ method: "POST" }));
    const ended = view("b", "ended", { finished_at: new Date().toISOString(), winners: [{ user_id: "1", round: 1, name: "Ada" }] });
    await act(async () => release((await answer(200, { channel_id: CHANNEL, message_id: "584327784348909999", winners: ["1"], giveaway: ended }))));
    const notice = within(row("b")).getByRole("status");
    expect(notice.textContent).toContain("Winners drawn and announced in #general.");
    expect(within(notice).getByRole("link", { name: "Open in Discord" }).getAttribute("href")).toBe(`https://discord.example/channels/${GUILD}/${CHANNEL}/584327784348909999`);
    expect(within(row("b")).getAllByRole("button").map((button) => button.getAttribute("aria-label"))).toEqual(["Reroll: Prize b", "Dismiss"]);
    expect(row("b").textContent).toContain("Winners: Ada");
  });

  it("shows the server's reason under the giveaway when its state refuses the action", async () => {
    jest.spyOn(window, "confirm").mockReturnValue(true);
    const message = "Ce concours est déjà terminé.";
    mockFetch(() => answer(409, { code: "giveaway_ended", status_code: 409, message, error: { message } }));
    renderList([view("b", "running")]);
    await act(async () => fireEvent.click(within(row("b")).getByRole("button", { name: "End now: Prize b" })));
    expect(within(row("b")).getByRole("alert").textContent).toContain(message);
    expect(modal).not.toHaveBeenCalled();
  });

  it("reloads after a giveaway is saved in the collection", async () => {
    const fetch = mockFetch((url) =>
      url.endsWith("/draws") ? answer(200, { giveaways: [view("a", "scheduled"), view("n", "scheduled")], total: 2 }) : answer(201, { id: "n" }),
    );
    renderList([view("a", "scheduled")]);
    await act(async () => {
      await apiFetch(`/plugins/giveaways/guilds/${GUILD}/giveaways`, { method: "POST", body: { prize: "New" } });
    });
    expect(fetch).toHaveBeenLastCalledWith(`/api/plugins/giveaways/guilds/${GUILD}/draws`, expect.anything());
    expect(row("n").textContent).toContain("Prize n");
  });
});
