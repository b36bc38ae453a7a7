/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { RankCardEditor, type RankCardText } from "./rank-card-editor";

const GUILD = "584327784348909864";
const UPLOAD = { id: "6f9619ff-8b86-4d11-b42d-00c04fc964ff", value: `upload:${"ab".repeat(32)}.png`, url: `/api/uploads/${"ab".repeat(32)}.png` };

const text: RankCardText = {
  previewAlt: "Preview of your rank card",
  previewBusy: "Updating the preview…",
  previewFailed: "The preview could not be drawn.",
  sampleNote: "Shown with your own rank.",
  background: "Background",
  plain: "Background colour",
  presets: { aurora: "Aurora", sunset: "Sunset", ocean: "Ocean", forest: "Forest", midnight: "Midnight", candy: "Candy" },
  uploaded: "Uploaded image {number}",
  remove: "Remove image {number}",
  confirmRemove: "Remove uploaded image {number}?",
  removed: "Image removed.",
  missingUpload: "The saved image is gone.",
  upload: "Upload an image",
  uploadHint: "PNG, JPEG, GIF or WebP.",
  uploading: "Uploading…",
  saving: "Saving…",
  saved: "Background saved.",
  errors: { type: "Not an image.", size: "Too large.", dimensions: "Too many pixels.", damaged: "Damaged.", frames: "Too many frames.", unknownUpload: "Gone.", storage: "Storage down.", failed: "Could not save." },
};

type FakeResponse = { ok: boolean; status: number; json: () => Promise<unknown>; headers: Headers };
const answer = (status: number, body: unknown) => Promise.resolve<FakeResponse>({ ok: status < 300, status, json: async () => body, headers: new Headers() });

/** Pictures the editor preloads: jsdom loads none, so each test says when one has loaded. */
const preloads: Array<{ src: string; onload: (() => void) | null }> = [];

beforeAll(() => {
  document.cookie = "XSRF-TOKEN=test-token";
  class FakeImage {
    src = "";
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    constructor() {
      preloads.push(this);
    }
  }
  window.Image = FakeImage as unknown as typeof Image;
});

function renderEditor(background = "color") {
  return render(
    <>
      <div data-field="rank_card_accent_color">
        <input type="color" defaultValue="#5865f2" />
        <input aria-label="Accent" defaultValue="#5865f2" />
      </div>
      <RankCardEditor guildId={GUILD} initial={{ background, colors: { background: null, accent: 0x5865f2, text: null }, uploads: [UPLOAD], missingUpload: false }} disabled={false} text={text} />
    </>,
  );
}

const preview = () => screen.getByTestId("rank-card-preview").getAttribute("src")!;

describe("RankCardEditor", () => {
  it("previews the signed-in user's card with the colours in the form, redrawn once typing pauses, with progress", async () => {
    renderEditor();
    expect(preview()).toBe(`/api/plugins/levels/guilds/${GUILD}/rank-card/@me?background_color=23272a&accent_color=5865f2&text_color=ffffff&background=color`);
    fireEvent.input(screen.getByLabelText("Accent"), { target: { value: "#ff0066" } });
    await waitFor(() => expect(preloads.at(-1)?.src).toContain("accent_color=ff0066"));
    // The old picture stays, marked busy, until the new one has loaded.
    expect(screen.getByText(text.previewBusy).getAttribute("role")).toBe("status");
    expect(screen.getByTestId("rank-card-preview").closest("figure")!.getAttribute("aria-busy")).toBe("true");
    expect(preview()).toContain("accent_color=5865f2");
    act(() => preloads.at(-1)!.onload!());
    expect(preview()).toContain("accent_color=ff0066");
    expect(screen.queryByText(text.previewBusy)).toBeNull();
  });

  it("saves a picked preset through the rank card config, and previews it", async () => {
    const fetch = jest.fn((url: string) => answer(200, url.includes("rank-card/config") ? { background: { value: "preset:ocean" }, uploads: [UPLOAD], version: 4 } : { enabled: true, config: {}, version: 4 }));
    globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
    renderEditor();
    fireEvent.click(screen.getByRole("radio", { name: "Ocean" }));
    await waitFor(() => expect(screen.getByTestId("rank-card-status").textContent).toBe(text.saved));
    expect(fetch).toHaveBeenCalledWith(`/api/plugins/levels/rank-card/config/${GUILD}`, expect.objectContaining({ method: "PATCH", body: JSON.stringify({ background: "preset:ocean" }) }));
    await waitFor(() => expect(preloads.at(-1)?.src).toContain("background=preset%3Aocean"));
  });

  it("removes an uploaded background only once confirmed; one in use falls back to the plain colour", async () => {
    const fetch = jest.fn((url: string) => answer(200, url.includes("/backgrounds/") ? { presets: [], uploads: [] } : { enabled: true, config: {}, version: 5 }));
    globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
    renderEditor(UPLOAD.value);
    const confirm = jest.spyOn(window, "confirm").mockReturnValueOnce(false);
    fireEvent.click(screen.getByRole("button", { name: "Remove image 1" }));
    expect(confirm).toHaveBeenCalledWith("Remove uploaded image 1?");
    expect(fetch).not.toHaveBeenCalled();
    confirm.mockReturnValueOnce(true);
    fireEvent.click(screen.getByRole("button", { name: "Remove image 1" }));
    await waitFor(() => expect(screen.getByTestId("rank-card-status").textContent).toBe(text.removed));
    expect(fetch).toHaveBeenCalledWith(`/api/plugins/levels/guilds/${GUILD}/rank-card/backgrounds/${UPLOAD.id}`, expect.objectContaining({ method: "DELETE" }));
    expect(screen.queryByRole("radio", { name: "Uploaded image 1" })).toBeNull();
    expect(screen.getByRole("radio", { name: "Background colour" })).toHaveProperty("checked", true);
    confirm.mockRestore();
  });
});
