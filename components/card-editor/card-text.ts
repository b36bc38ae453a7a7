import "server-only";
import { PRESET_IDS, type PresetId } from "@/lib/card-drawing/background";
import type { BackgroundPickerText } from "./background-picker";
import type { CardPreviewText } from "./card-preview";

type Translator = { (key: string): string; raw(key: string): unknown };

/**
 * The preview's and background picker's words: `own` reads the card's messages (the words that
 * name the card or its size), `t` the welcomeCard messages, which keep those every card shares.
 */
export function cardEditorText(own: Translator, t: Translator): CardPreviewText & BackgroundPickerText {
  return {
    previewAlt: own("previewAlt"),
    missingUpload: own("missingUpload"),
    uploadHint: own("uploadHint"),
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
