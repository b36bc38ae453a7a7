/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import en from "@/messages/en.json";
import { SourcePicker } from "./source-picker";
import { avatarAllowed } from "./source-row";
import type { ChosenSource, SourceAccount, SourcePickerLabels } from "./types";

const labels: SourcePickerLabels = { locale: "en-GB", cdnBase: "https://cdn.discordapp.com", ...en.sourcePicker };

const ADA: SourceAccount = { id: "141981764", name: "ada_plays", display_name: "Ada Plays", avatar_url: "https://static-cdn.jtvnw.net/a.png", followers: 48_200, url: "https://www.twitch.tv/ada_plays", live: true };
const CODES: SourceAccount = { id: "99", name: "adacodes", display_name: "adacodes", avatar_url: "data:image/png;base64,iVBORw0KGgo=", followers: null, url: "https://www.twitch.tv/adacodes", live: false };

const realFetch = global.fetch;
let answer: { status: number; body: unknown } = { status: 200, body: { results: [ADA, CODES] } };
const requests: string[] = [];

beforeAll(() => {
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
});

beforeEach(() => {
  requests.length = 0;
  answer = { status: 200, body: { results: [ADA, CODES] } };
  global.fetch = jest.fn(async (url: RequestInfo | URL) => {
    requests.push(String(url));
    return { ok: answer.status < 400, status: answer.status, json: async () => answer.body } as unknown as Response;
  }) as typeof fetch;
});
afterEach(() => {
  global.fetch = realFetch;
});

function Harness({ onChoose }: { onChoose?: (account: SourceAccount) => void }) {
  const [value, setValue] = useState<ChosenSource | null>(null);
  return (
    <>
      <label htmlFor="picker">Twitch username</label>
      <SourcePicker
        id="picker"
        provider="twitch"
        value={value}
        onChoose={(account) => {
          setValue({ id: account.id, name: account.display_name });
          onChoose?.(account);
        }}
        labels={labels}
      />
    </>
  );
}

async function type(text: string) {
  const box = screen.getByRole("combobox", { name: "Twitch username" });
  fireEvent.focus(box);
  fireEvent.change(box, { target: { value: text } });
  return box;
}

/** Past the 300 ms debounce and the answer. */
async function settle() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
}

it("searches 300 ms after the last keystroke, with a spinner, and lists accounts with followers and Live", async () => {
  render(<Harness />);
  await type("ada");
  await act(() => new Promise((resolve) => setTimeout(resolve, 250)));
  expect(requests).toEqual([]);
  expect(screen.getByTestId("source-searching")).toBeTruthy();
  await settle();
  expect(requests).toEqual(["/api/plugins/twitch/search-streamers?q=ada"]);
  const options = screen.getAllByRole("option");
  expect(options).toHaveLength(2);
  expect(options[0]!.textContent).toBe("AAda Plays@ada_plays · 48.2k followersLive");
  // A provider's own image host is not allowed by the page's image policy: a letter instead; data: URIs are.
  expect(options[0]!.querySelector("img")).toBeNull();
  expect(options[1]!.querySelector("img")).not.toBeNull();
});

it("picks with the keyboard and fills the stable id and the name", async () => {
  const chosen: SourceAccount[] = [];
  render(<Harness onChoose={(account) => chosen.push(account)} />);
  const box = await type("ada");
  await settle();
  fireEvent.keyDown(box, { key: "ArrowDown" });
  expect(box.getAttribute("aria-activedescendant")).toMatch(/-1$/);
  fireEvent.keyDown(box, { key: "Enter" });
  expect(chosen.map((account) => account.id)).toEqual(["99"]);
  expect((box as HTMLInputElement).value).toBe("adacodes");
  expect(box.getAttribute("aria-expanded")).toBe("false");
});

it("says when nothing is found", async () => {
  answer = { status: 200, body: { results: [] } };
  render(<Harness />);
  await type("zzz");
  await settle();
  expect(screen.getByTestId("source-status").textContent).toBe("No account found for “zzz”.");
});

it("says a provider failure keeps saved subscriptions", async () => {
  answer = { status: 503, body: { code: "provider_unavailable", status_code: 503, message: "down", error: { message: "down" } } };
  render(<Harness />);
  await type("ada");
  await settle();
  expect(screen.getByTestId("source-status").textContent).toBe(en.sourcePicker.failures.provider_unavailable);
});

it("loads avatars only from this site, data: URIs and the platform CDN", () => {
  expect(avatarAllowed("/api/uploads/a.png", labels.cdnBase)).toBe(true);
  expect(avatarAllowed("https://cdn.discordapp.com/avatars/1/a.png", labels.cdnBase)).toBe(true);
  expect(avatarAllowed("data:image/svg+xml;base64,PHN2Zz4=", labels.cdnBase)).toBe(true);
  expect(avatarAllowed("//evil.example/a.png", labels.cdnBase)).toBe(false);
  expect(avatarAllowed("https://yt3.ggpht.com/a.jpg", labels.cdnBase)).toBe(false);
  expect(avatarAllowed(null, labels.cdnBase)).toBe(false);
});
