"use client";

import { useId, useState } from "react";
import panelStyles from "@/components/action-panel/action-panel.module.css";
import { DeleteDialog } from "@/components/action-panel/delete-dialog";
import { Feedback } from "@/components/action-panel/feedback";
import { useAction } from "@/components/action-panel/use-action";
import { apiFetch } from "@/lib/http/client-fetch";
import { fill } from "@/lib/i18n/fill";
import type { EmojiGalleryText } from "./text";
import { EMOJI_REFUSALS } from "./upload-form";
import styles from "./emoji-gallery.module.css";

type Props = { guildId: string; emoji: { id: string; name: string }; text: EmojiGalleryText; nameMax: number };

/** One emoji's rename (an inline form) and delete (asked first); the page then draws the gallery again. */
export function EmojiActions({ guildId, emoji, text, nameMax }: Props) {
  const id = useId();
  const [renaming, setRenaming] = useState(false);
  const [asking, setAsking] = useState(false);
  const [draft, setDraft] = useState(emoji.name);
  const action = useAction(text.failed);
  const path = `/plugins/emojis/guilds/${guildId}/serveremojis/${emoji.id}`;
  const nameError = action.refusal?.fields.name;

  return (
    <div className={styles.inline}>
      {renaming ? (
        <form
          className={styles.inline}
          aria-busy={action.busy}
          onSubmit={(event) => {
            event.preventDefault();
            const name = draft.trim();
            void action.run(async () => {
              await apiFetch(path, { method: "PATCH", body: { name }, handles: EMOJI_REFUSALS });
              setRenaming(false);
              return fill(text.rename.done, { name });
            });
          }}
        >
          <label htmlFor={`${id}-name`}>{fill(text.rename.label, { name: emoji.name })}</label>
          <input
            id={`${id}-name`}
            type="text"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            required
            minLength={2}
            maxLength={nameMax}
            pattern="[A-Za-z0-9_]{2,32}"
            autoComplete="off"
            autoFocus
            onKeyDown={(event) => {
              if (event.key === "Escape") setRenaming(false);
            }}
            aria-invalid={nameError ? true : undefined}
          />
          {nameError ? (
            <p role="alert" className={panelStyles.failed}>
              {nameError}
            </p>
          ) : null}
          <div className={styles.tileActions}>
            <button type="submit" className="button button-primary" disabled={action.busy}>
              {action.busy ? text.rename.busy : text.rename.save}
            </button>
            <button type="button" className="button button-ghost" onClick={() => setRenaming(false)} disabled={action.busy}>
              {text.rename.cancel}
            </button>
          </div>
        </form>
      ) : (
        <div className={styles.tileActions}>
          <button type="button" className="button button-secondary" onClick={() => (setDraft(emoji.name), setRenaming(true), action.clear())} aria-label={`${text.rename.button} :${emoji.name}:`}>
            {text.rename.button}
          </button>
          <button type="button" className={`button button-secondary ${panelStyles.dangerButton}`} onClick={() => setAsking(true)} aria-label={`${text.remove.button} :${emoji.name}:`}>
            {text.remove.button}
          </button>
        </div>
      )}
      <Feedback done={action.done} refusal={action.refusal} shownByFields={["name"]} />
      <DeleteDialog open={asking} onClose={() => setAsking(false)} name={emoji.name} path={path} handles={EMOJI_REFUSALS} text={text.remove} action={action} testId="emoji-delete-dialog" />
    </div>
  );
}
