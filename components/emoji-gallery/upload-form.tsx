"use client";

import { useId, useRef } from "react";
import formStyles from "@/components/settings-form/form.module.css";
import panelStyles from "@/components/action-panel/action-panel.module.css";
import { Feedback } from "@/components/action-panel/feedback";
import { useAction } from "@/components/action-panel/use-action";
import { apiFetch } from "@/lib/http/client-fetch";
import { fill } from "@/lib/i18n/fill";
import type { EmojiGalleryText } from "./text";

type Props = { guildId: string; text: EmojiGalleryText; nameMax: number };

/** Refusals said under the form: the picture's and the name's checks, and the platform's slots and permission. */
export const EMOJI_REFUSALS = ["validation_failed", "image_missing", "image_invalid", "image_too_large", "image_too_large_dimensions", "image_too_many_frames", "emoji_type_unsupported", "emoji_too_large", "emoji_slots_full", "emoji_not_found", "emoji_bot_missing_permission"];

/** Uploads a picture as a new emoji (POST serveremojis); the page then draws the gallery again. */
export function UploadForm({ guildId, text, nameMax }: Props) {
  const id = useId();
  const file = useRef<HTMLInputElement>(null);
  const name = useRef<HTMLInputElement>(null);
  const action = useAction(text.failed);
  const nameError = action.refusal?.fields.name;
  const fileError = action.refusal?.fields.image;
  return (
    <form
      className={panelStyles.form}
      aria-labelledby={`${id}-title`}
      aria-busy={action.busy}
      data-testid="emoji-upload"
      onSubmit={(event) => {
        event.preventDefault();
        const picture = file.current?.files?.[0];
        const chosen = name.current?.value.trim() ?? "";
        if (!picture) return;
        void action.run(async () => {
          const form = new FormData();
          form.set("image", picture);
          form.set("name", chosen);
          await apiFetch(`/plugins/emojis/guilds/${guildId}/serveremojis`, { method: "POST", body: form, handles: EMOJI_REFUSALS });
          if (file.current) file.current.value = "";
          if (name.current) name.current.value = "";
          return fill(text.upload.done, { name: chosen });
        });
      }}
    >
      <h3 id={`${id}-title`}>{text.upload.title}</h3>
      <div className={panelStyles.grid}>
        <div className={formStyles.row}>
          <label className={formStyles.label} htmlFor={`${id}-file`}>
            {text.upload.file}
          </label>
          <p className={formStyles.help} id={`${id}-file-hint`}>
            {text.upload.fileHint}
          </p>
          <input id={`${id}-file`} ref={file} type="file" accept="image/png,image/gif,image/webp" required aria-describedby={`${id}-file-hint`} aria-invalid={fileError ? true : undefined} />
          {fileError ? (
            <p role="alert" className={panelStyles.failed}>
              {fileError}
            </p>
          ) : null}
        </div>
        <div className={formStyles.row}>
          <label className={formStyles.label} htmlFor={`${id}-name`}>
            {text.upload.name}
          </label>
          <p className={formStyles.help} id={`${id}-name-hint`}>
            {text.upload.nameHint}
          </p>
          <input id={`${id}-name`} ref={name} type="text" required minLength={2} maxLength={nameMax} pattern="[A-Za-z0-9_]{2,32}" autoComplete="off" aria-describedby={`${id}-name-hint`} aria-invalid={nameError ? true : undefined} />
          {nameError ? (
            <p role="alert" className={panelStyles.failed}>
              {nameError}
            </p>
          ) : null}
        </div>
      </div>
      <div className={panelStyles.actions}>
        <button type="submit" className="button button-primary" disabled={action.busy}>
          {action.busy ? text.upload.busy : text.upload.submit}
        </button>
      </div>
      <Feedback done={action.done} refusal={action.refusal} shownByFields={["name", "image"]} testId="emoji-upload" />
    </form>
  );
}
