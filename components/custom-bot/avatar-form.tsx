"use client";

import { useId, useRef } from "react";
import { apiFetch } from "@/lib/http/client-fetch";
import type { CustomBotView } from "@/lib/custom-bot/view";
import formStyles from "@/components/settings-form/form.module.css";
import { Feedback } from "@/components/action-panel/feedback";
import type { CustomBotText } from "./text";
import { useAction } from "@/components/action-panel/use-action";
import panelStyles from "@/components/action-panel/action-panel.module.css";

type Props = { guildId: string; text: CustomBotText; onSaved: (view: CustomBotView) => void };

// Refusals said under the form: the image's checks and the platform's (its wait, a blocked token).
const HANDLED = ["image_type_unsupported", "image_too_large", "image_too_large_dimensions", "image_invalid", "image_missing", "image_too_many_frames", "custom_bot_avatar_rate_limited", "custom_bot_blocked", "custom_bot_platform_failed", "custom_bot_token_unreadable"];

/** A new avatar for the bot (update-custom-bot-avatar): the picked image, re-encoded by the server and set on the platform. */
export function AvatarForm({ guildId, text, onSaved }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const action = useAction(text.failed);
  return (
    <section className={panelStyles.card} aria-labelledby={`${id}-title`} data-testid="custom-bot-avatar">
      <div className={panelStyles.header}>
        <h2 id={`${id}-title`}>{text.avatar.title}</h2>
      </div>
      <form
        className={panelStyles.form}
        aria-busy={action.busy}
        onSubmit={(event) => {
          event.preventDefault();
          const file = input.current?.files?.[0];
          if (!file) return;
          void action.run(async () => {
            const form = new FormData();
            form.set("image", file);
            onSaved(await apiFetch<CustomBotView>(`/guilds/${guildId}/update-custom-bot-avatar`, { method: "POST", body: form, handles: HANDLED }));
            if (input.current) input.current.value = "";
            return text.avatar.uploaded;
          });
        }}
      >
        <div className={formStyles.row}>
          <label className={formStyles.label} htmlFor={`${id}-file`}>
            {text.avatar.label}
          </label>
          <p className={formStyles.help} id={`${id}-hint`}>
            {text.avatar.hint}
          </p>
          <input id={`${id}-file`} ref={input} type="file" accept="image/png,image/jpeg,image/gif,image/webp" required aria-describedby={`${id}-hint`} />
        </div>
        <div className={panelStyles.actions}>
          <button type="submit" className="button button-primary" disabled={action.busy}>
            {action.busy ? text.avatar.uploading : text.avatar.upload}
          </button>
        </div>
        <Feedback done={action.done} refusal={action.refusal} testId="custom-bot-avatar" />
      </form>
    </section>
  );
}
