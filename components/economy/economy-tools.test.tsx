/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from "@testing-library/react";
import en from "@/messages/en.json";
import { EconomyTools } from "./economy-tools";

// The economy page's tools: give (or take) coins to a searched member, the richest list, and a
// reset only a typed confirmation unlocks.

const GUILD = "584327784348909864";
const BJORN = { id: "342392154494206137", username: "bjorn", global_name: "Björn", nick: null, avatar: null };

type FakeResponse = { ok: boolean; status: number; json: () => Promise<unknown> };
const answer = (status: number, body: unknown): Promise<FakeResponse> => Promise.resolve({ ok: status < 300, status, json: async () => body });

let calls: Array<{ url: string; method: string; body?: unknown }>;
let richest: unknown[];
beforeAll(() => {
  document.cookie = "XSRF-TOKEN=test-token";
});
beforeEach(() => {
  calls = [];
  richest = [{ rank: 1, user_id: BJORN.id, name: "Björn", coins: 1500 }];
  globalThis.fetch = jest.fn((url: string, init: { method: string; body?: string }) => {
    calls.push({ url, method: init.method, body: init.body ? JSON.parse(init.body) : undefined });
    if (url.includes("/richest")) return answer(200, { members: richest });
    if (url.includes("/members/search")) return answer(200, [BJORN]);
    if (url.endsWith("/coin")) return answer(200, { user_id: BJORN.id, coins: 1400 });
    return answer(204, null);
  }) as unknown as typeof globalThis.fetch;
});

function renderTools() {
  return render(<EconomyTools guildId={GUILD} confirmWord="Ada's Workshop" currency={{ name: "coins", emoji: "🪙" }} locale="en" disabled={false} text={en.economyTools} />);
}

it("lists the richest members with the currency", async () => {
  renderTools();
  expect((await screen.findByTestId("economy-richest")).textContent).toBe("#1Björn🪙 1,500 coins");
});

it("takes coins from a searched member and shows the new balance", async () => {
  renderTools();
  fireEvent.change(screen.getByLabelText("Member"), { target: { value: "bj" } });
  fireEvent.click(await screen.findByRole("button", { name: /Björn/ }));
  fireEvent.change(screen.getByLabelText("Amount"), { target: { value: "-100" } });
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Apply" })));
  expect(calls.find((call) => call.url.endsWith("/coin"))).toEqual({ url: `/api/plugins/economy/guilds/${GUILD}/coin`, method: "POST", body: { user_id: BJORN.id, amount: -100 } });
  expect(await screen.findByText("Björn now has 🪙 1,400 coins.")).toBeTruthy();
});

it("resets only once the server's name is typed", async () => {
  renderTools();
  const reset = screen.getByRole("button", { name: "Reset all coins" }) as HTMLButtonElement;
  expect(reset.disabled).toBe(true);
  fireEvent.change(screen.getByLabelText("Type Ada's Workshop to confirm"), { target: { value: "Ada's" } });
  expect(reset.disabled).toBe(true);
  fireEvent.change(screen.getByLabelText("Type Ada's Workshop to confirm"), { target: { value: "Ada's Workshop" } });
  expect(reset.disabled).toBe(false);
  richest = [];
  await act(async () => fireEvent.click(reset));
  expect(calls.filter((call) => call.method === "DELETE").map((call) => call.url)).toEqual([`/api/plugins/economy/guilds/${GUILD}/coins`]);
  expect(await screen.findByText("All balances were reset.")).toBeTruthy();
  expect(await screen.findByText("Nobody holds any coins yet.")).toBeTruthy();
});
