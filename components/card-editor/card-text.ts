import "server-only";
import { PRESET_IDS, type PresetId } from "@/lib/card-drawing/background";
import type { BackgroundPickerText } from "./background-picker";
import type { CardPreviewText } from "./card-preview";

type Translator = { (key: string): string; raw(key: string): unknown };

/** The preview's and background picker's words every card says the same way: `t` reads the welcomeCard messages, where they are kept. */
export function sharedCardText(t: Translator): Omit<CardPreviewText, "previewAlt"> & Omit<BackgroundPickerText, "missingUpload" | "uploadHint"> {
  return {
    previewBusy: t("previewBusy"),
    previewFailed: t("previewFailed"),
    background: t("background"),
    presets: Object.fromEntries(PRESET_IDS.map((id) => [id, t(`presets.${id}`)])) as Record<PresetId, string>,
    uploaded: t.raw("uploaded") as string,
    upload: t("upload"),
    uploading: t("uploading"),
    saving: t("saving"),
    saved: t("saved"),
    errors: {
      type: t("errors.type"),
      size: t("errors.size"),
      dimensions: t("errors.dimensions"),
      damaged: t("errors.damaged"),
      frames: t("errors.frames"),
      unknownUpload: t("errors.unknownUpload"),
      storage: t("errors.storage"),
      failed: t("errors.failed"),
    },
  };
}
