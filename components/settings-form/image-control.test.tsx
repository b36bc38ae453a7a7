/** @jest-environment jsdom */
import { useState } from "react";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import en from "@/messages/en.json";
import { onErrorModal } from "@/lib/http/error-bus";
import { XSRF_HEADER } from "@/lib/http/xsrf-names";
import type { FormField } from "@/lib/plugins/form-spec";
import { ImageControl, type ImageFieldData } from "./image-control";
import type { FormLabels } from "./types";

// The image field of plugin item forms: upload through POST /api/guilds/{id}/images (the one
// upload endpoint), the thumbnail of what the form holds, remove, and the errors it explains.

const GUILD = "584327784348909864";
const KEY = `${"ab".repeat(32)}.png`;
const OTHER_KEY = `${"cd".repeat(32)}.webp`;
const labels = en.imageField;
const data: ImageFieldData = { guildId: GUILD, pluginId: "achievements", labels };
const field: FormField = { name: "icon_image", type: "string", ui: "image", default: "" };

/** What apiFetch reads of a response (jsdom has no fetch or Response). */
type FakeResponse = { ok: boolean; status: number; json: () => Promise<unknown> };
const response = (status: number, body: unknown): FakeResponse => ({ ok: status >= 200 && status < 300, status, json: async () => body });

function mockFetch(implementation: () => Promise<FakeResponse>): jest.Mock {
  const fetch = jest.fn(implementation);
  globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
  return fetch;
}

/** The control inside a form that keeps what it is given, as the item dialog does. */
function Form({ initial, seen }: { initial: string; seen: (value: unknown) => void }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <>
      <label htmlFor="icon">Icon image</label>
      <ImageControl
        id="icon"
        field={field}
        value={value}
        onChange={(next) => {
          seen(next);
          setValue(next);
        }}
        labels={{} as FormLabels}
        data={data}
      />
    </>
  );
}

const fileInput = () => screen.getByLabelText("Icon image", { exact: false }) as HTMLInputElement;
const pick = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
const png = (bytes = 16) => new File([new Uint8Array(bytes)], "trophy.png", { type: "image/png" });

let modal: jest.Mock;
let stop: () => void;
beforeAll(() => {
  // Dashboard pages get the anti-forgery cookie with the page (else the client asks /api/xsrf first).
  document.cookie = "XSRF-TOKEN=test-token";
});
beforeEach(() => {
  modal = jest.fn();
  stop = onErrorModal(modal);
});
afterEach(() => {
  stop();
  jest.restoreAllMocks();
});

it("uploads the picked file to the guild's images with the plugin, shows progress, then holds and shows the upload", async () => {
  let finish: (value: FakeResponse) => void = () => {};
  const fetch = mockFetch(() => new Promise<FakeResponse>((resolve) => (finish = resolve)));
  const seen = jest.fn();
  render(<Form initial="" seen={seen} />);
  expect(screen.getByText(labels.none)).toBeTruthy();
  expect(screen.queryByRole("button", { name: labels.remove })).toBeNull();
  // Labelled by the row's label and its own button text; described by the hint.
  const input = fileInput();
  expect(input.type).toBe("file");
  expect(screen.getByLabelText(labels.upload)).toBe(input);
  expect(input.getAttribute("aria-describedby")).toContain("icon-image-hint");

  const file = png();
  await act(async () => pick(file));
  expect(fetch).toHaveBeenCalledTimes(1);
  const [url, init] = fetch.mock.calls[0] as unknown as [string, { method: string; body: FormData; headers: Record<string, string> }];
  expect(url).toBe(`/api/guilds/${GUILD}/images`);
  expect(init.method).toBe("POST");
  expect(init.headers[XSRF_HEADER]).toBe("test-token");
  expect(init.body.get("image")).toBe(file);
  expect(init.body.get("plugin_id")).toBe("achievements");
  // While the upload runs: said in the status line and on the button, which cannot be used again.
  expect(screen.getByRole("status").textContent).toBe(labels.uploading);
  expect(screen.getByTestId("image-control").getAttribute("aria-busy")).toBe("true");
  expect(fileInput().disabled).toBe(true);

  await act(async () => finish(response(201, { id: "6f9619ff-8b86-4d11-b42d-00c04fc964ff", key: KEY, url: `/api/uploads/${KEY}`, width: 64, height: 64, content_type: "image/png", bytes: 900 })));
  expect(seen).toHaveBeenLastCalledWith(`upload:${KEY}`);
  expect(screen.getByRole("status").textContent).toBe(labels.uploaded);
  expect(screen.getByRole("img", { name: labels.current }).getAttribute("src")).toBe(`/api/uploads/${KEY}`);
  expect(screen.getByLabelText(labels.replace)).toBe(fileInput());
  expect(modal).not.toHaveBeenCalled();
});

it("shows the image the item holds, and removes it from the form without a request", () => {
  const fetch = mockFetch(() => Promise.resolve(response(500, {})));
  const seen = jest.fn();
  render(<Form initial={`upload:${OTHER_KEY}`} seen={seen} />);
  expect(screen.getByRole("img", { name: labels.current }).getAttribute("src")).toBe(`/api/uploads/${OTHER_KEY}`);
  fireEvent.click(screen.getByRole("button", { name: labels.remove }));
  expect(seen).toHaveBeenLastCalledWith("");
  expect(screen.queryByRole("img")).toBeNull();
  expect(screen.getByText(labels.none)).toBeTruthy();
  expect(screen.getByRole("status").textContent).toBe(labels.removed);
  expect(fetch).not.toHaveBeenCalled();
});

it("refuses a file that is not an image, or too large, before uploading it", () => {
  const fetch = mockFetch(() => Promise.resolve(response(201, {})));
  const seen = jest.fn();
  render(<Form initial="" seen={seen} />);
  pick(new File(["hello"], "notes.txt", { type: "text/plain" }));
  expect(screen.getByRole("alert").textContent).toBe(labels.errors.type);
  expect(fileInput().getAttribute("aria-invalid")).toBe("true");

  const big = png();
  Object.defineProperty(big, "size", { value: 8 * 1024 * 1024 + 1 });
  pick(big);
  expect(screen.getByRole("alert").textContent).toBe(labels.errors.size);
  expect(fetch).not.toHaveBeenCalled();
  expect(seen).not.toHaveBeenCalled();
});

it("explains what the upload pipeline refused, in the user's words and without the error modal", async () => {
  mockFetch(() => Promise.resolve(response(400, { code: "image_too_large_dimensions", status_code: 400, message: "The image is larger than 4096 × 4096 pixels.", error: { message: "…" } })));
  const seen = jest.fn();
  render(<Form initial={`upload:${KEY}`} seen={seen} />);
  await act(async () => pick(png()));
  expect(screen.getByRole("alert").textContent).toBe(labels.errors.dimensions);
  expect(screen.getByRole("status").textContent).toBe("");
  // The image the form held stays.
  expect(seen).not.toHaveBeenCalled();
  expect(within(screen.getByTestId("image-control")).getByRole("img").getAttribute("src")).toBe(`/api/uploads/${KEY}`);
  expect(modal).not.toHaveBeenCalled();
});

it("leaves failures it cannot explain to the error modal, and says the upload failed", async () => {
  mockFetch(() => Promise.resolve(response(500, { code: "internal_error", status_code: 500, message: "Something went wrong on our side.", error: { message: "…" } })));
  render(<Form initial="" seen={jest.fn()} />);
  await act(async () => pick(png()));
  expect(modal).toHaveBeenCalledWith({ message: "Something went wrong on our side." });
  expect(screen.getByRole("alert").textContent).toBe(labels.errors.failed);
});
