/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from "@testing-library/react";
import en from "@/messages/en.json";
import { dialogPolyfill, fakeApi } from "@/components/moderation/test-api";
import { EmojiActions } from "./emoji-actions";
import type { EmojiGalleryText } from "./text";

// One emoji's actions: a rename by keyboard with its outcome said, and a delete only once confirmed.

const GUILD = "584327784348909864";
const EMOJI = "1200000000000000009";
const PATH = `/api/plugins/emojis/guilds/${GUILD}/serveremojis/${EMOJI}`;
const text = en.emojiGallery as EmojiGalleryText;

beforeAll(() => {
  dialogPolyfill();
  document.cookie = "XSRF-TOKEN=test-token";
});

it("renames by keyboard and says so", async () => {
  const requests = fakeApi({ [`PATCH ${PATH}`]: { status: 200, body: { emoji: { id: EMOJI, name: "night_sky" } } } });
  render(<EmojiActions guildId={GUILD} emoji={{ id: EMOJI, name: "night_star" }} text={text} nameMax={32} />);
  fireEvent.click(screen.getByRole("button", { name: "Rename :night_star:" }));
  const field = screen.getByLabelText("New name for :night_star:");
  expect(document.activeElement).toBe(field);
  fireEvent.change(field, { target: { value: "night_sky" } });
  await act(async () => fireEvent.submit(field.closest("form")!));
  expect(requests).toEqual([{ method: "PATCH", path: PATH, body: { name: "night_sky" } }]);
  expect(screen.getByRole("status").textContent).toBe("Renamed to :night_sky:.");
});

it("deletes only once the dialog is confirmed", async () => {
  const requests = fakeApi({ [`DELETE ${PATH}`]: { status: 204, body: null } });
  render(<EmojiActions guildId={GUILD} emoji={{ id: EMOJI, name: "night_star" }} text={text} nameMax={32} />);
  fireEvent.click(screen.getByRole("button", { name: "Delete :night_star:" }));
  expect(screen.getByRole("heading", { name: "Delete :night_star:?" })).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Keep it" }));
  expect(requests).toEqual([]);

  fireEvent.click(screen.getByRole("button", { name: "Delete :night_star:" }));
  const dialog = screen.getByTestId("emoji-delete-dialog");
  await act(async () => fireEvent.click(Array.from(dialog.querySelectorAll("button")).find((button) => button.textContent === "Delete")!));
  expect(requests).toEqual([{ method: "DELETE", path: PATH }]);
  expect(screen.getByRole("status").textContent).toBe(":night_star: deleted.");
});
