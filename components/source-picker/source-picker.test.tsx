/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import en from "@/messages/en.json";
import enValidation from "@/messages/validation/en.json";
import frValidation from "@/messages/validation/fr.json";
import type { ProviderId } from "@/lib/providers/types";
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

function Harness({ onChoose, provider = "twitch" }: { onChoose?: (account: SourceAccount) => void; provider?: ProviderId }) {
  const [value, setValue] = useState<ChosenSource | null>(null);
  return (
    <>
      <label htmlFor="picker">Twitch username</label>
      <SourcePicker
        id="picker"
        provider={provider}
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
  // The clock is the test's: a busy machine must not move the keystroke and the wait apart.
  jest.useFakeTimers();
  try {
    render(<Harness />);
    await type("ada");
    await act(async () => {
      jest.advanceTimersByTime(299);
    });
    expect(requests).toEqual([]);
    expect(screen.getByTestId("source-searching")).toBeTruthy();
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    await act(async () => {
      await jest.runOnlyPendingTimersAsync();
    });
  } finally {
    jest.useRealTimers();
  }
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

/** The envelope the feed endpoints answer for a feed that cannot be read, worded by the server. */
function feedRefused(code: keyof typeof enValidation, message: string) {
  return { status: 400, body: { code: "validation_failed", status_code: 400, message, error: { message }, fields: [{ path: "q", code, message }] } };
}

describe("feed pickers", () => {
  it("RSS: a word is no address; it says to type one and sends nothing", async () => {
    render(<Harness provider="rss" />);
    await type("ada");
    expect(screen.getByTestId("source-status").textContent).toBe(en.sourcePicker.addressExpected);
    expect(screen.queryByTestId("source-searching")).toBeNull();
    await settle();
    expect(requests).toEqual([]);
    expect(screen.getByTestId("source-status").textContent).toBe(en.sourcePicker.addressExpected);
  });

  it("RSS: an address is searched", async () => {
    answer = { status: 200, body: { results: [] } };
    render(<Harness provider="rss" />);
    await type("example.com/blog");
    await settle();
    expect(requests).toEqual([`/api/plugins/rss/search?q=${encodeURIComponent("example.com/blog")}`]);
  });

  it.each(["feed_blocked_address", "feed_not_a_feed", "feed_invalid", "feed_not_found", "feed_too_large", "feed_timeout", "feed_unreachable"] as const)(
    "RSS: a feed refused as %s shows the server's reason, in the page's language, not a provider failure",
    async (code) => {
      answer = feedRefused(code, frValidation[code]);
      render(<Harness provider="rss" />);
      await type("https://example.com/feed.xml");
      await settle();
      const status = screen.getByTestId("source-status");
      expect(status.textContent).toBe(frValidation[code]);
      expect(status.className).toContain("notice-warning");
    },
  );

  it("podcasts: a name is searched; text that starts like an address must be one", async () => {
    answer = feedRefused("feed_not_found", enValidation.feed_not_found);
    render(<Harness provider="podcasts" />);
    const box = await type("https://exa mple.com/show.xml");
    expect(screen.getByTestId("source-status").textContent).toBe(en.sourcePicker.addressExpected);
    await settle();
    expect(requests).toEqual([]);
    fireEvent.change(box, { target: { value: "https://example.com/show.xml" } });
    await settle();
    expect(screen.getByTestId("source-status").textContent).toBe(enValidation.feed_not_found);
    answer = { status: 200, body: { results: [] } };
    fireEvent.change(box, { target: { value: "ada" } });
    await settle();
    expect(requests).toEqual([`/api/plugins/podcasts/search?q=${encodeURIComponent("https://example.com/show.xml")}`, "/api/plugins/podcasts/search?q=ada"]);
  });
});

it("loads avatars only from this site, data: URIs and the platform CDN", () => {
  expect(avatarAllowed("/api/uploads/a.png", labels.cdnBase)).toBe(true);
  expect(avatarAllowed("https://cdn.discordapp.com/avatars/1/a.png", labels.cdnBase)).toBe(true);
  expect(avatarAllowed("data:image/svg+xml;base64,PHN2Zz4=", labels.cdnBase)).toBe(true);
  expect(avatarAllowed("//evil.example/a.png", labels.cdnBase)).toBe(false);
  expect(avatarAllowed("https://yt3.ggpht.com/a.jpg", labels.cdnBase)).toBe(false);
  expect(avatarAllowed(null, labels.cdnBase)).toBe(false);
});
