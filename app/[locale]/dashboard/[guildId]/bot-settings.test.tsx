/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from "@testing-library/react";
import { pickerLabels } from "@/components/pickers/test-labels";
import en from "@/messages/en.json";
import { BotSettings } from "./bot-settings";

// The bot's language and the server's time zone, saved with If-Match from the overview.

const GUILD = "584327784348909864";
const text = { ...en.botSettings, noMatches: en.settings.noMatches };
const languages = [
  { code: "en", name: "English" },
  { code: "fr", name: "Français" },
];

beforeAll(() => {
  document.cookie = "XSRF-TOKEN=test-token";
});

it("saves the chosen language with the version it read, says so, and offers the server's own language first", async () => {
  const fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => ({ locale: "fr", timezone: null, version: 8 }) }));
  globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
  render(<BotSettings guildId={GUILD} initial={{ locale: null, timezone: null, version: 7 }} languages={languages} platformLanguage="English" text={text} pickerLabels={pickerLabels} />);
  const select = screen.getByRole("combobox", { name: text.language });
  expect((select as HTMLSelectElement).options[0]!.textContent).toBe("Same as the server on Discord (English)");
  const save = screen.getByRole("button", { name: text.save });
  expect(save).toHaveProperty("disabled", true);
  fireEvent.change(select, { target: { value: "fr" } });
  await act(async () => fireEvent.click(save));
  expect(fetch).toHaveBeenCalledWith(`/api/guilds/${GUILD}`, expect.objectContaining({ method: "PATCH", body: JSON.stringify({ locale: "fr", timezone: null }) }));
  const headers = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<string, string>;
  expect(headers["If-Match"]).toBe('"7"');
  expect(screen.getByRole("status").textContent).toBe(text.saved);
  expect(save).toHaveProperty("disabled", true);
});
