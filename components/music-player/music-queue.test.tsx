/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from "@testing-library/react";
import type { QueueTrack } from "@/lib/music/state";
import en from "@/messages/en.json";
import { MusicQueue } from "./music-queue";
import type { MusicPlayerText } from "./text";

// The queue's own reorder controls: move up / down from the keyboard keeps the focus on the
// moved track, dropping a dragged row asks for the drop position, the current track is marked.

const text = en.musicPlayer as unknown as MusicPlayerText;
const track = (id: string, title: string): QueueTrack => ({ id, title, artist: "Kevin MacLeod", url: `https://www.youtube.com/watch?v=${id}`, duration_ms: 125_000, thumbnail: null, added_by: "1" });
const [a, b, c] = [track("a", "Carefree"), track("b", "Cipher"), track("c", "Wallpaper")];

function setup(tracks: QueueTrack[], reordered?: QueueTrack[]) {
  const moves: Array<[string, number]> = [];
  const props = {
    currentIndex: 1,
    text,
    pending: null,
    onPlay: async () => undefined,
    onRemove: async () => undefined,
    // As the island does: the command's answer (the new order) is shown before the move resolves.
    onMove: async (item: QueueTrack, index: number) => {
      moves.push([item.id, index]);
      if (reordered) view.rerender(<MusicQueue tracks={reordered} {...props} />);
    },
  };
  const view = render(<MusicQueue tracks={tracks} {...props} />);
  return { moves };
}

it("moves a track down with its button and keeps the focus on it after the new order arrives", async () => {
  const { moves } = setup([a, b, c], [a, c, b]);
  const down = screen.getByRole("button", { name: "Move “Cipher” down" });
  down.focus();
  await act(async () => fireEvent.click(down));
  expect(moves).toEqual([["b", 2]]);
  // Now last: its down button is disabled, so its up button holds the focus.
  expect(screen.getByRole("button", { name: "Move “Cipher” down" })).toHaveProperty("disabled", true);
  expect(document.activeElement).toBe(screen.getByRole("button", { name: "Move “Cipher” up" }));
});

it("asks to move a dropped track to the row it was dropped on", async () => {
  const { moves } = setup([a, b, c]);
  const rows = screen.getAllByTestId("music-track");
  const dataTransfer = { setData: () => undefined, effectAllowed: "" };
  fireEvent.dragStart(screen.getByRole("img", { name: "Drag to move “Wallpaper”" }), { dataTransfer });
  fireEvent.dragOver(rows[0]!, { dataTransfer });
  await act(async () => fireEvent.drop(rows[0]!, { dataTransfer }));
  expect(moves).toEqual([["c", 0]]);
});

it("marks the current track and disables moves past the ends", () => {
  setup([a, b, c]);
  const rows = screen.getAllByTestId("music-track");
  expect(rows.map((row) => row.getAttribute("aria-current"))).toEqual([null, "true", null]);
  expect(screen.getByRole("button", { name: "Move “Carefree” up" })).toHaveProperty("disabled", true);
  expect(screen.getByRole("button", { name: "Move “Wallpaper” down" })).toHaveProperty("disabled", true);
});
