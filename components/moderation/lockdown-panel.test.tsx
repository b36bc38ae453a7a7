/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from "@testing-library/react";
import en from "@/messages/en.json";
import { LockdownPanel } from "./lockdown-panel";
import { dialogPolyfill, fakeApi } from "./test-api";

// The lockdown panel: Lock asked first, then each channel's outcome (a failure says why, in
// words), pressing again retries; Lift puts every channel back.

const GUILD = "584327784348909864";
const PATH = `/api/plugins/moderator/guilds/${GUILD}/lockdown`;
const GENERAL = "300000000000000010";
const MEMES = "300000000000000011";
const CHANNELS = [
  { id: GENERAL, name: "#general" },
  { id: MEMES, name: "#memes" },
];

beforeAll(() => {
  dialogPolyfill();
  document.cookie = "XSRF-TOKEN=test-token";
});

const channelText = (id: string) => screen.getByTestId(`lockdown-channel-${id}`).textContent;

it("locks after asking, shows each channel's outcome, retries a failed one and lifts the lockdown", async () => {
  const requests = fakeApi({
    [`PATCH ${PATH}`]: [
      { status: 200, body: { locked: true, channels: [{ channel_id: GENERAL, status: "locked", message_posted: true }, { channel_id: MEMES, status: "failed", error: "missing_permissions" }] } },
      { status: 200, body: { locked: true, channels: [{ channel_id: MEMES, status: "locked", message_posted: false }] } },
      { status: 200, body: { locked: false, channels: [{ channel_id: GENERAL, status: "unlocked" }, { channel_id: MEMES, status: "unlocked" }] } },
    ],
    [`GET ${PATH}`]: [
      { status: 200, body: { locked: true, channels: [{ channel_id: GENERAL, status: "locked" }, { channel_id: MEMES, status: "failed", error: "missing_permissions" }] } },
      { status: 200, body: { locked: true, channels: [{ channel_id: GENERAL, status: "locked" }, { channel_id: MEMES, status: "locked" }] } },
      { status: 200, body: { locked: false, channels: [] } },
    ],
  });
  render(<LockdownPanel guildId={GUILD} initial={{ locked: false, channels: [] }} channels={CHANNELS} settingsHref="#cfg-moderator-section-lockdown" text={en.moderation} />);
  expect(screen.getByTestId("lockdown-state").textContent).toBe("The server is not locked down.");
  expect(channelText(GENERAL)).toBe("#generalOpen");
  expect(screen.getByRole("link", { name: "Choose the channels and the message in the lockdown settings" }).getAttribute("href")).toBe("#cfg-moderator-section-lockdown");

  fireEvent.click(screen.getByRole("button", { name: "Lock the channels" }));
  expect(screen.getByRole("heading", { name: "Lock the lockdown channels?" })).toBeTruthy();
  expect(requests).toEqual([]);
  await act(async () => fireEvent.click(screen.getAllByRole("button", { name: "Lock the channels" }).at(-1)!));
  expect(requests[0]).toEqual({ method: "PATCH", path: PATH, body: { enabled: true } });
  expect(screen.getByTestId("lockdown-state").textContent).toBe("The server is locked down.");
  expect(channelText(GENERAL)).toBe("#generalLocked (message posted)");
  expect(channelText(MEMES)).toBe("#memesFailed: the bot lacks Manage Roles there");
  expect(screen.getByText("Some channels failed: press the button again to retry them.")).toBeTruthy();

  // Pressed again: the failed channel is retried.
  fireEvent.click(screen.getByRole("button", { name: "Lock the channels" }));
  await act(async () => fireEvent.click(screen.getAllByRole("button", { name: "Lock the channels" }).at(-1)!));
  expect(channelText(MEMES)).toBe("#memesLocked (message not posted)");
  expect(screen.getByText("Lockdown on.")).toBeTruthy();
  expect(screen.queryAllByRole("button", { name: "Lock the channels" }).filter((button) => !button.closest("dialog"))).toEqual([]);

  fireEvent.click(screen.getByRole("button", { name: "Lift the lockdown" }));
  await act(async () => fireEvent.click(screen.getAllByRole("button", { name: "Lift the lockdown" }).at(-1)!));
  expect(requests.filter((request) => request.method === "PATCH").at(-1)!.body).toEqual({ enabled: false });
  expect(screen.getByTestId("lockdown-state").textContent).toBe("The server is not locked down.");
  expect(channelText(GENERAL)).toBe("#generalUnlocked");
  expect(screen.getByText("Lockdown lifted.")).toBeTruthy();
});

it("asks for the channels first when none are chosen", () => {
  fakeApi({});
  render(<LockdownPanel guildId={GUILD} initial={{ locked: false, channels: [] }} channels={[]} settingsHref="#cfg-moderator-section-lockdown" text={en.moderation} />);
  expect(screen.getByText("No channels are chosen for a lockdown yet.")).toBeTruthy();
  expect(screen.getByRole("button", { name: "Lock the channels" })).toHaveProperty("disabled", true);
});
