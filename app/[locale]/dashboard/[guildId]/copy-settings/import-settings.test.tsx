/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import en from "@/messages/en.json";
import type { ImportPlan } from "@/lib/settings-transfer/settings-file";
import { ImportSettings, type ImportText } from "./import-settings";

// The import preview: one line per plugin the file would change, with what it changes, and
// "Nothing would change" (and no apply button) when the file matches the server.

const GUILD = "584327784348909864";
const strings = en.copySettings;
const text: ImportText = strings;
const pluginNames = { welcome: "Welcome", commands: "Custom commands", twitch: "Twitch", timers: "Timers" };
const collectionTitles = { "commands/commands": "Custom commands", "twitch/streamers": "Streamers", "timers/timers": "Timers" };

const emptyPlan: ImportPlan = { plugins: [], settings: [], unmatched: { channels: [], roles: [] }, skipped: [] };

function answerWith(plan: ImportPlan) {
  const fetch = jest.fn((_url: string, _init: RequestInit) => Promise.resolve({ ok: true, status: 200, json: async () => ({ plan, applied: false }) }));
  globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
  return fetch;
}

async function chooseFile() {
  render(<ImportSettings guildId={GUILD} guildName="Night Owls" locale="en" pluginNames={pluginNames} collectionTitles={collectionTitles} text={text} />);
  const file = new File(["{}"], "settings.json", { type: "application/json" });
  await act(async () => fireEvent.change(screen.getByTestId("import-file"), { target: { files: [file] } }));
  // The file is read, then checked by the server: the plan shows up after both.
  await screen.findByTestId("import-plan");
}

beforeAll(() => {
  // Dashboard pages get the anti-forgery cookie with the page (else apiFetch asks /api/xsrf first).
  document.cookie = "XSRF-TOKEN=test-token";
  // jsdom's files cannot be read with text(), which the island uses.
  Blob.prototype.text ??= function text(this: Blob) {
    return new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(this);
    });
  };
});
afterEach(() => jest.restoreAllMocks());

describe("import preview", () => {
  it("lists only what would change, with counts in words", async () => {
    const fetch = answerWith({
      ...emptyPlan,
      plugins: [
        { id: "welcome", enabled: true, settings: ["join_channel_id", "join_message"], collections: [] },
        { id: "commands", settings: [], collections: [{ name: "commands", added: 1, removed: 0, changed: 0 }] },
        { id: "twitch", settings: ["alert_channel_id"], collections: [{ name: "streamers", added: 0, removed: 2, changed: 1 }] },
      ],
      settings: ["activePrefix"],
      unmatched: { channels: ["#electronics"], roles: [] },
    });
    await chooseFile();
    expect(JSON.parse(fetch.mock.calls[0]![1].body as string)).toEqual({ file: {}, apply: false });
    const rows = within(screen.getByTestId("import-changes"))
      .getAllByRole("listitem")
      .map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows).toEqual([
      ["Welcome", "Turned on · 2 settings"],
      // A list named like its plugin is not named twice.
      ["Custom commands", "1 item added"],
      ["Twitch", "1 setting · Streamers: 1 item changed and 2 items removed"],
      ["Server settings", "1 setting"],
    ]);
    expect(screen.getByTestId("import-unmatched").textContent).toContain("#electronics");
    expect((screen.getByTestId("apply-import") as HTMLButtonElement).disabled).toBe(false);
  });

  it("says nothing would change, and offers nothing to apply, when the file matches this server", async () => {
    answerWith({ ...emptyPlan, unmatched: { channels: ["#electronics"], roles: [] } });
    await chooseFile();
    expect(screen.getByTestId("import-nothing").textContent).toContain(strings.planNothing);
    expect(screen.queryByTestId("import-changes")).toBeNull();
    expect(screen.queryByTestId("import-unmatched")).toBeNull();
    expect(screen.queryByTestId("apply-import")).toBeNull();
  });

  it("names the items left out for want of a channel or role", async () => {
    answerWith({ ...emptyPlan, plugins: [{ id: "timers", settings: [], collections: [{ name: "timers", added: 0, removed: 1, changed: 0 }] }], skipped: [{ collection: "timers/timers", title: "Reminder", reason: "unmatched" }] });
    await chooseFile();
    expect(screen.getByTestId("import-skipped").textContent).toContain("Reminder (Timers)");
  });
});
