/** @jest-environment jsdom */
import { act, render, screen } from "@testing-library/react";
import { MyStanding } from "./my-standing";

// The pinned "your rank" island of the public leaderboard: it asks the API for the viewer's own
// row only when the signed-in hint cookie says there is a session, so an anonymous visit makes
// no request that could answer 401 (which the browser logs as a console error).

const GUILD = "584327784348909864";
const standing = { rank: 7, userId: "158954752913309807", displayName: "Ada", username: "ada", avatar: null, xp: 1200, messages: 60, level: 4, into: 45, needed: 255 };
const props = { guildId: GUILD, cdnBase: "https://cdn.example", showAvatars: false, languageTag: "en-US", label: "Your rank", text: { level: "Level", xp: "{into} / {needed} XP", progress: "{percent}%" } };

function stubFetch(): jest.Mock {
  const fetch = jest.fn(() => Promise.resolve({ ok: true, status: 200, headers: new Headers({ "content-type": "application/json" }), json: async () => ({ standing }), text: async () => JSON.stringify({ standing }) }));
  globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
  return fetch;
}

afterEach(() => {
  document.cookie = "gh_signed_in=; max-age=0";
  jest.restoreAllMocks();
});

it("asks nothing for a visitor who is not signed in", async () => {
  const fetch = stubFetch();
  await act(async () => void render(<MyStanding {...props} />));
  expect(fetch).not.toHaveBeenCalled();
  expect(screen.queryByTestId("leaderboard-pinned")).toBeNull();
});

it("pins the signed-in viewer's own row", async () => {
  document.cookie = "gh_signed_in=1";
  const fetch = stubFetch();
  await act(async () => void render(<MyStanding {...props} />));
  expect(fetch).toHaveBeenCalledWith(`/api/plugins/levels/guilds/${GUILD}/leaderboard/me`, expect.anything());
  expect(await screen.findByTestId("leaderboard-pinned")).toBeTruthy();
});
