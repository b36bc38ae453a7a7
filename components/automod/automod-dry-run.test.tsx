/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from "@testing-library/react";
import en from "@/messages/en.json";
import plugins from "@/messages/plugins/en.json";
import type { DryRunResult } from "@/lib/moderation/automod/dry-run";
import type { DryRunText } from "./automod-dry-run";
import { LazyAutomodDryRun } from "./lazy-automod-dry-run";

// The dry run panel: typed messages or a channel, progress while it runs, each caught message
// with its rule (a rule switched off says so), what it found and what the bot would do, the
// count of messages that pass, and the server's refusal in the panel.

const GUILD = "584327784348909864";
const CHANNEL = "584327784348909870";
const fields = plugins.moderator.collections.rules.fields;

type FakeResponse = { ok: boolean; status: number; json: () => Promise<unknown> };
const answer = (code: number, body: unknown): Promise<FakeResponse> => Promise.resolve({ ok: code >= 200 && code < 300, status: code, json: async () => body });
function fakeFetch(implementation: (url: string, init: RequestInit) => Promise<FakeResponse>): jest.Mock {
  const fetch = jest.fn(implementation);
  globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
  return fetch;
}

const result: DryRunResult = {
  paused: true,
  results: [
    { message: { id: null, content: "hello", author: null }, matches: [] },
    { message: { id: null, content: "join discord.gg/x", author: null }, matches: [{ rule: 0, name: "", trigger: "invites", detail: "discord.gg/x", actions: ["delete", "warn"], enabled: false }] },
  ],
};

/** The panel as the page mounts it: "Loading…" until the form's code arrives after hydration. */
async function renderPanel() {
  render(<LazyAutomodDryRun guildId={GUILD} channels={[{ id: CHANNEL, name: "general" }]} text={en.automodDryRun as DryRunText} triggers={fields.trigger.options} actions={fields.actions.options} />);
  await screen.findByRole("button", { name: en.automodDryRun.run });
}

beforeAll(() => {
  document.cookie = "XSRF-TOKEN=test-token";
});
afterEach(() => jest.restoreAllMocks());

it("asks for a message first, then tries the typed ones and shows what each would do", async () => {
  const fetch = fakeFetch(() => answer(200, result));
  await renderPanel();
  fireEvent.click(screen.getByRole("button", { name: en.automodDryRun.run }));
  expect(screen.getByRole("status").textContent).toBe(en.automodDryRun.empty);
  expect(fetch).not.toHaveBeenCalled();

  fireEvent.change(screen.getByLabelText(en.automodDryRun.messagesLabel), { target: { value: "hello\n\njoin discord.gg/x\n" } });
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: en.automodDryRun.run }));
  });
  const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
  expect(url).toBe(`/api/plugins/moderator/guilds/${GUILD}/rules/dry-run`);
  expect(JSON.parse(init.body as string)).toEqual({ messages: [{ content: "hello" }, { content: "join discord.gg/x" }] });
  expect(screen.getByText(en.automodDryRun.paused)).toBeTruthy();
  expect(screen.getByText(fields.trigger.options.invites)).toBeTruthy();
  expect(screen.getByText(en.automodDryRun.off)).toBeTruthy();
  expect(screen.getByText("found “discord.gg/x”")).toBeTruthy();
  expect(screen.getByText(`${fields.actions.options.delete} · ${fields.actions.options.warn}`)).toBeTruthy();
  expect(screen.getByText("Messages that break no rule: 1")).toBeTruthy();
});

it("tries a channel's last messages, and shows the server's refusal", async () => {
  const fetch = fakeFetch(() => answer(400, { code: "validation_failed", status_code: 400, message: "Choose a text channel.", error: { message: "Choose a text channel." } }));
  await renderPanel();
  fireEvent.click(screen.getByLabelText(en.automodDryRun.channel));
  fireEvent.change(screen.getByLabelText(en.automodDryRun.channelLabel), { target: { value: CHANNEL } });
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: en.automodDryRun.run }));
  });
  expect(JSON.parse((fetch.mock.calls[0] as [string, RequestInit])[1].body as string)).toEqual({ channel_id: CHANNEL });
  expect(screen.getByRole("status").textContent).toBe("Choose a text channel.");
});
