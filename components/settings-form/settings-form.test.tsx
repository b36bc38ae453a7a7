/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import en from "@/messages/en.json";
import plugins from "@/messages/plugins/en.json";
import { PluginSwitch } from "@/components/plugin-switch";
import { packPickers } from "@/lib/guilds/packed-pickers";
import { onErrorModal } from "@/lib/http/error-bus";
import { configFormSpec } from "@/lib/plugins/form-spec";
import { levels } from "@/lib/plugins/levels/definition";
import type { PluginDefinition } from "@/lib/plugins/types";
import { welcome } from "@/lib/plugins/welcome/definition";
import { SettingsForm, type SettingsFormText } from "./settings-form";
import type { FieldTexts, FormLabels, FormSpec } from "./types";

// A plugin's switch and its settings form, as an owner meets them on the plugin's page: what the
// plugin or an option needs is said beside the field (before any request, never in the error
// dialog), the switch sends the unsaved changes with it, and Save says what is wrong.

const GUILD = "584327784348909864";
const CHANNEL = "584327784348909870";

const labels: FormLabels = {
  none: "None", search: "Search", noMatches: "No matches", remove: "Remove {name}", add: "Add", addItem: "Add", removeItem: "Remove", item: "Item {number}",
  premium: "Premium", freeMax: "{max}", characters: "{count}/{max}", unknownChannel: "Deleted channel", unknownRole: "Deleted role", channelKinds: { voice: "Voice channel", stage: "Stage channel" }, colorHex: "Colour", clearColor: "Clear",
  reasons: { above_bot: "Above the bot", managed: "Managed", everyone: "Everyone" }, on: "On", off: "Off", defaultText: "Default text, sent in {language}.",
};
const s = en.settings;
const text: SettingsFormText = { unsaved: s.unsaved, save: s.save, saving: s.saving, reset: s.reset, conflict: s.conflict, changedBy: s.changedBy, reload: s.reload, invalid: s.invalid, invalidMore: s.invalidMore, saved: s.saved, leave: s.leave };
const pickers = packPickers({ channels: [{ id: CHANNEL, name: "general", type: 0, position: 0, parent_id: null }], roles: [] });

/** The labels the page sends: messages/plugins/en.json, as getPluginText reads it. */
function textsOf(pluginId: "welcome" | "levels"): FieldTexts {
  const fields = plugins[pluginId].fields as Record<string, { label: string; help?: string; options?: Record<string, string> }>;
  return Object.fromEntries(Object.entries(fields).map(([name, entry]) => [name, entry]));
}

type FakeResponse = { ok: boolean; status: number; json: () => Promise<unknown> };
let fetchMock: jest.Mock<Promise<FakeResponse>, [string, RequestInit]>;
let modal: jest.Mock;
let stopModal: () => void;

beforeAll(() => {
  // Dashboard pages get the anti-forgery cookie with the page (else apiFetch asks /api/xsrf first).
  document.cookie = "XSRF-TOKEN=test-token";
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
});
beforeEach(() => {
  fetchMock = jest.fn(async (_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    const { enabled = false, ...config } = body;
    return { ok: true, status: 200, json: async () => ({ enabled, config: { ...welcome.configSchema.parse({}), ...config }, version: 2 }) };
  });
  globalThis.fetch = fetchMock as unknown as typeof globalThis.fetch;
  modal = jest.fn();
  stopModal = onErrorModal(modal);
});
afterEach(() => stopModal());

function renderPage(plugin: PluginDefinition, config: Record<string, unknown> = {}, enabled = false) {
  const id = plugin.id as "welcome" | "levels";
  return render(
    <>
      <PluginSwitch guildId={GUILD} pluginId={id} enabled={enabled} label={`Enable ${plugins[id].name}`} />
      <SettingsForm
        guildId={GUILD}
        pluginId={id}
        pluginName={plugins[id].name}
        spec={configFormSpec(plugin) as FormSpec}
        initial={{ enabled, config: { ...(plugin.configSchema.parse({}) as Record<string, unknown>), ...config }, version: 1 }}
        texts={textsOf(id)}
        labels={labels}
        text={text}
        pickers={pickers}
        premiumGuild={false}
        locked={false}
      />
    </>,
  );
}

const row = (name: string) => document.querySelector<HTMLElement>(`[data-field="${name}"]`)!;
const control = (name: string) => row(name).querySelector<HTMLInputElement | HTMLTextAreaElement>("input, textarea, select")!;
const toggle = () => screen.getByTestId("plugin-switch-welcome");

async function pickChannel(name: string) {
  const input = control(name) as HTMLInputElement;
  await act(async () => fireEvent.focus(input));
  fireEvent.change(input, { target: { value: "gen" } });
  fireEvent.keyDown(input, { key: "ArrowDown" });
  fireEvent.keyDown(input, { key: "Enter" });
}

describe("the switch and the form agree", () => {
  it("turning Welcome on without its channel says so beside the field, focuses it, and sends nothing", async () => {
    renderPage(welcome);
    await act(async () => fireEvent.click(toggle()));
    await waitFor(() => expect(within(row("join_channel_id")).getByText("Fill in “Welcome channel” before turning Welcome on.")).toBeTruthy());
    expect(document.activeElement).toBe(control("join_channel_id"));
    expect(control("join_channel_id").getAttribute("aria-invalid")).toBe("true");
    expect(toggle().getAttribute("aria-checked")).toBe("false");
    expect(fetchMock).not.toHaveBeenCalled();
    expect(modal).not.toHaveBeenCalled();

    // Choosing the channel takes the message away.
    await pickChannel("join_channel_id");
    expect(within(row("join_channel_id")).queryByText(/before turning Welcome on/)).toBeNull();
  });

  it("turning Welcome on with the channel picked but not saved saves both, in one request", async () => {
    renderPage(welcome);
    await pickChannel("join_channel_id");
    await act(async () => fireEvent.click(toggle()));
    await waitFor(() => expect(toggle().getAttribute("aria-checked")).toBe("true"));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api/plugins/welcome/config/${GUILD}`);
    expect(JSON.parse(String(init.body))).toEqual({ enabled: true, join_channel_id: CHANNEL });
    expect((init.headers as Record<string, string>)["If-Match"]).toBe('"1"');
    // Nothing is left unsaved.
    expect(screen.queryByTestId("save-bar")).toBeNull();
    expect(screen.getByRole("status").textContent).toBe("Settings saved");
  });
});

describe("messages", () => {
  it("an emptied welcome message is refused before any request, beside the field, and Save says what is wrong", async () => {
    renderPage(welcome, { join_channel_id: CHANNEL, join_message: "Hi {user.mention}" }, true);
    const message = control("join_message");
    await act(async () => fireEvent.focus(message));
    fireEvent.change(message, { target: { value: "" } });
    await waitFor(() => expect(within(row("join_message")).getByText("Fill in “Welcome message” to use “Send a welcome message”.")).toBeTruthy());
    await act(async () => fireEvent.click(screen.getByTestId("save-button")));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByTestId("save-bar-status").textContent).toBe("Not saved. Welcome message: Fill in “Welcome message” to use “Send a welcome message”.");
    expect(document.activeElement).toBe(message);
  });

  it("a message past 2,000 characters is refused before any request, beside the field", async () => {
    renderPage(welcome, { join_channel_id: CHANNEL, join_message: "Hi {user.mention}" }, true);
    const message = control("join_message");
    await act(async () => fireEvent.focus(message));
    fireEvent.change(message, { target: { value: "a".repeat(2100) } });
    await act(async () => fireEvent.click(screen.getByTestId("save-button")));
    expect(within(row("join_message")).getByText("Use at most 2,000 characters.")).toBeTruthy();
    expect(screen.getByTestId("save-bar-status").textContent).toBe("Not saved. Welcome message: Use at most 2,000 characters.");
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

it("choosing to announce level-ups in a chosen channel asks for the channel at once", async () => {
  renderPage(levels, {}, true);
  const mode = control("level_up_announcement") as unknown as HTMLSelectElement;
  await act(async () => fireEvent.focus(mode));
  fireEvent.change(mode, { target: { value: "custom_channel" } });
  await waitFor(() => expect(within(row("level_up_channel_id")).getByText("Fill in “Announcement channel” to use “In a chosen channel”.")).toBeTruthy());
  await act(async () => fireEvent.click(screen.getByTestId("save-button")));
  expect(fetchMock).not.toHaveBeenCalled();
  await pickChannel("level_up_channel_id");
  await act(async () => fireEvent.click(screen.getByTestId("save-button")));
  expect(JSON.parse(String(fetchMock.mock.calls[0]![1].body))).toEqual({ level_up_announcement: "custom_channel", level_up_channel_id: CHANNEL });
});
