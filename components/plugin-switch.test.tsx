/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { onErrorModal } from "@/lib/http/error-bus";
import { PluginSwitch } from "./plugin-switch";

// The overview's switch of a plugin that needs settings first: it says which beside the switch,
// with a link to the field on the plugin's page, instead of raising the error dialog.

const GUILD = "584327784348909864";
const MESSAGE = "Fill in “Welcome channel” before turning Welcome on.";
const refusal = {
  code: "validation_failed",
  status_code: 400,
  message: MESSAGE,
  error: { message: MESSAGE },
  fields: [{ path: "join_channel_id", code: "needed_to_run", params: { field: "Welcome channel", plugin: "Welcome" }, message: MESSAGE }],
};

beforeAll(() => {
  document.cookie = "XSRF-TOKEN=test-token";
});

it("says what the plugin needs under its switch, links to the field, and stays off", async () => {
  const fetch = jest.fn(async () => ({ ok: false, status: 400, json: async () => refusal }));
  globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
  const modal = jest.fn();
  const stop = onErrorModal(modal);
  render(<PluginSwitch guildId={GUILD} pluginId="welcome" enabled={false} label="Enable Welcome" settings={{ href: `/en/dashboard/${GUILD}/welcome`, text: "Open its settings" }} />);
  const toggle = screen.getByRole("switch", { name: "Enable Welcome" });
  await act(async () => fireEvent.click(toggle));
  const note = screen.getByRole("alert");
  expect(note.textContent).toContain(MESSAGE);
  expect(within(note).getByRole("link", { name: "Open its settings" }).getAttribute("href")).toBe(`/en/dashboard/${GUILD}/welcome#cfg-welcome-join_channel_id`);
  expect(toggle.getAttribute("aria-checked")).toBe("false");
  expect(toggle.getAttribute("aria-describedby")).toBe(note.id);
  expect(modal).not.toHaveBeenCalled();
  stop();
});
