/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from "@testing-library/react";
import { PLUGIN_OAUTH_MESSAGE_TYPE, type PluginOAuthMessage } from "@/lib/account-links/providers";
import { AccountLink, type AccountLinkText } from "./account-link";

// The island on the Twitch, X and TikTok pages: it opens the consent page in a 500×777 popup,
// takes the account only from a message of its own origin (and its own provider and guild),
// and unlinks.

const GUILD = "584327784348909864";
const text: AccountLinkText = {
  link: "Link your Twitch account",
  linking: "Waiting for Twitch…",
  linkedAs: "Linked as {name}",
  unlink: "Unlink",
  unlinking: "Unlinking…",
  notLinked: "No Twitch account is linked yet.",
  failed: "That did not work. Try again.",
};
const account = { id: "141981764", name: "adacodes", display_name: "AdaCodes", avatar_url: "data:image/svg+xml,%3Csvg%2F%3E" };
const message: PluginOAuthMessage = { type: PLUGIN_OAUTH_MESSAGE_TYPE, provider: "twitch", guildId: GUILD, account };

const post = (data: unknown, origin = window.location.origin) => act(() => void window.dispatchEvent(new MessageEvent("message", { data, origin })));

function mockFetch(body: unknown): jest.Mock {
  const fetch = jest.fn(() => Promise.resolve({ ok: true, status: 200, headers: new Headers({ "content-type": "application/json" }), json: async () => body, text: async () => JSON.stringify(body) }));
  globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
  return fetch;
}

beforeEach(() => {
  document.cookie = "XSRF-TOKEN=test-token";
});
afterEach(() => jest.restoreAllMocks());

it("opens the consent page at 500×777 and ignores a message from another origin", async () => {
  const fetch = mockFetch({ url: "https://id.twitch.tv/oauth2/authorize?state=s" });
  const open = jest.spyOn(window, "open").mockReturnValue({ closed: false } as Window);
  render(<AccountLink guildId={GUILD} provider="twitch" initial={{ linked: false }} text={text} />);
  await act(async () => void fireEvent.click(screen.getByRole("button", { name: text.link })));
  expect(fetch).toHaveBeenCalledWith(`/api/plugins/twitch/oauth/${GUILD}`, expect.objectContaining({ method: "POST" }));
  expect(open).toHaveBeenCalledWith("https://id.twitch.tv/oauth2/authorize?state=s", "link-twitch", expect.stringContaining("width=500,height=777"));
  expect(screen.getByRole("button", { name: text.linking }).getAttribute("aria-busy")).toBe("true");

  post(message, "https://evil.example");
  post({ ...message, provider: "tiktok" });
  post({ ...message, guildId: "772248292233969997" });
  expect(screen.queryByText("Linked as AdaCodes")).toBeNull();

  post(message);
  expect(screen.getAllByText("Linked as AdaCodes").length).toBeGreaterThan(0);
  expect(screen.getByText("@adacodes")).toBeTruthy();
});

it("unlinks a linked account", async () => {
  const fetch = mockFetch({ linked: false });
  render(<AccountLink guildId={GUILD} provider="twitch" initial={{ linked: true, account: { ...account, avatar_url: "https://static-cdn.jtvnw.net/a.png" } }} text={text} />);
  // A cross-origin avatar (not allowed by the page's image policy) shows as the name's initial.
  expect(document.querySelector("img")).toBeNull();
  await act(async () => void fireEvent.click(screen.getByRole("button", { name: text.unlink })));
  expect(fetch).toHaveBeenCalledWith(`/api/plugins/twitch/oauth/${GUILD}`, expect.objectContaining({ method: "DELETE" }));
  expect(screen.getByRole("button", { name: text.link })).toBeTruthy();
});
