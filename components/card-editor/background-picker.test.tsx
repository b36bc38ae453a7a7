/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { TransportError } from "@/lib/http/client-fetch";
import en from "@/messages/en.json";
import { BackgroundPicker, type BackgroundPickerText } from "./background-picker";
import { useBackgroundChoice, type CardUpload } from "./use-background-choice";

const GUILD = "584327784348909864";
const UPLOAD: CardUpload = { value: `upload:${"cd".repeat(32)}.png`, url: `/api/uploads/${"cd".repeat(32)}.png` };

// The words the welcome card shows in English.
const text: BackgroundPickerText = en.welcomeCard;

type Calls = Parameters<typeof useBackgroundChoice<CardUpload>>[0];

function Picker({ save, upload }: Pick<Calls, "save" | "upload">) {
  const choice = useBackgroundChoice({ initial: { background: "", uploads: [], missingUpload: true }, errors: text.errors, save, upload });
  return <BackgroundPicker prefix="card" guildId={GUILD} choice={choice} size={{ width: 1024, height: 450 }} disabled={false} text={text} />;
}

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "card.png", { type: "image/png" });
const pick = (file: File) => fireEvent.change(screen.getByTestId("card-file"), { target: { files: [file] } });

describe("BackgroundPicker", () => {
  it("picks an upload the server saved in the same request, without a second save", async () => {
    const save = jest.fn<ReturnType<Calls["save"]>, [string]>();
    const upload = jest.fn(async (form: FormData) => ({ uploads: form.get("image") instanceof File ? [UPLOAD] : [], saved: UPLOAD.value }));
    render(<Picker save={save} upload={upload} />);
    expect(screen.getByText(text.missingUpload)).toBeTruthy();
    pick(png());
    await waitFor(() => expect(screen.getByTestId("card-status").textContent).toBe(text.saved));
    expect(upload).toHaveBeenCalledTimes(1);
    expect(save).not.toHaveBeenCalled();
    expect(screen.getByRole("radio", { name: "Uploaded image 1" })).toHaveProperty("checked", true);
    expect(screen.queryByText(text.missingUpload)).toBeNull();
  });

  it("saves a new upload as the pick when the server only stored it", async () => {
    const save = jest.fn(async (value: string) => ({ background: value, uploads: [UPLOAD] }));
    render(<Picker save={save} upload={async () => ({ uploads: [UPLOAD], pick: UPLOAD.value })} />);
    pick(png());
    await waitFor(() => expect(screen.getByTestId("card-status").textContent).toBe(text.saved));
    expect(save).toHaveBeenCalledWith(UPLOAD.value);
    expect(screen.getByRole("radio", { name: "Uploaded image 1" })).toHaveProperty("checked", true);
  });

  it("refuses a file that is not an image before sending it", () => {
    const upload = jest.fn(async () => ({ uploads: [] }));
    render(<Picker save={async (value) => ({ background: value, uploads: [] })} upload={upload} />);
    pick(new File(["hello"], "notes.txt", { type: "text/plain" }));
    expect(screen.getByTestId("card-error").textContent).toBe(text.errors.type);
    expect(upload).not.toHaveBeenCalled();
  });

  it("puts the saved background back and words the server's error when a pick is refused", async () => {
    const refused = new TransportError("client_error", "Unknown upload", 404, { code: "unknown_upload" });
    const save = jest.fn(async (value: string) => {
      if (value === "preset:ocean") throw refused;
      return { background: value, uploads: [] };
    });
    render(<Picker save={save} upload={async () => ({ uploads: [] })} />);
    fireEvent.click(screen.getByRole("radio", { name: "Sunset" }));
    await waitFor(() => expect(screen.getByTestId("card-status").textContent).toBe(text.saved));
    fireEvent.click(screen.getByRole("radio", { name: "Ocean" }));
    expect(screen.getByRole("radio", { name: "Ocean" })).toHaveProperty("checked", true);
    await waitFor(() => expect(screen.getByTestId("card-error").textContent).toBe(text.errors.unknownUpload));
    expect(screen.getByRole("radio", { name: "Sunset" })).toHaveProperty("checked", true);
  });
});
