"use client";

import { useId, useRef, useState } from "react";
import panelStyles from "@/components/action-panel/action-panel.module.css";
import { DeleteDialog } from "@/components/action-panel/delete-dialog";
import { Feedback } from "@/components/action-panel/feedback";
import { useAction } from "@/components/action-panel/use-action";
import { apiFetch } from "@/lib/http/client-fetch";
import { fill } from "@/lib/i18n/fill";
import type { WebhookText } from "./text";
import { uploadAvatar, WEBHOOK_REFUSALS } from "./upload-avatar";
import styles from "./webhooks.module.css";

type Props = { guildId: string; webhook: { id: string; name: string }; text: WebhookText; nameMax: number };

/** One webhook's rename, new avatar (each an inline form) and delete (asked first); the page then draws the list again. */
export function WebhookActions({ guildId, webhook, text, nameMax }: Props) {
  const id = useId();
  const [open, setOpen] = useState<"rename" | "avatar" | null>(null);
  const [asking, setAsking] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  const action = useAction(text.failed);
  const path = `/guilds/${guildId}/webhooks/${webhook.id}`;
  const close = () => setOpen(null);

  return (
    <div className={styles.inline}>
      {open === "rename" ? (
        <form
          className={styles.inline}
          aria-busy={action.busy}
          onSubmit={(event) => {
            event.preventDefault();
            const name = String(new FormData(event.currentTarget).get("name") ?? "").trim();
            void action.run(async () => {
              await apiFetch(path, { method: "PATCH", body: { name }, handles: WEBHOOK_REFUSALS });
              close();
              return fill(text.rename.done, { name });
            });
          }}
        >
          <label htmlFor={`${id}-name`}>{text.rename.label}</label>
          <input id={`${id}-name`} name="name" type="text" defaultValue={webhook.name} required maxLength={nameMax} autoComplete="off" autoFocus onKeyDown={(event) => event.key === "Escape" && close()} />
          {action.refusal?.fields.name ? <p role="alert" className={panelStyles.failed}>{action.refusal.fields.name}</p> : null}
          <div className={styles.row}>
            <button type="submit" className="button button-primary" disabled={action.busy}>
              {action.busy ? text.rename.busy : text.rename.save}
            </button>
            <button type="button" className="button button-ghost" onClick={close} disabled={action.busy}>
              {text.rename.cancel}
            </button>
          </div>
        </form>
      ) : open === "avatar" ? (
        <form
          className={styles.inline}
          aria-busy={action.busy}
          onSubmit={(event) => {
            event.preventDefault();
            const picture = file.current?.files?.[0];
            if (!picture) return;
            void action.run(async () => {
              await apiFetch(path, { method: "PATCH", body: { src: await uploadAvatar(guildId, picture) }, handles: WEBHOOK_REFUSALS });
              close();
              return text.avatar.done;
            });
          }}
        >
          <label htmlFor={`${id}-avatar`}>{text.avatar.label}</label>
          <input id={`${id}-avatar`} ref={file} type="file" required accept="image/png,image/jpeg,image/gif,image/webp" />
          <div className={styles.row}>
            <button type="submit" className="button button-primary" disabled={action.busy}>
              {action.busy ? text.avatar.busy : text.avatar.save}
            </button>
            <button type="button" className="button button-ghost" onClick={close} disabled={action.busy}>
              {text.rename.cancel}
            </button>
          </div>
        </form>
      ) : (
        <div className={styles.row}>
          <button type="button" className="button button-secondary" onClick={() => (action.clear(), setOpen("rename"))} aria-label={`${text.rename.button}: ${webhook.name}`}>
            {text.rename.button}
          </button>
          <button type="button" className="button button-secondary" onClick={() => (action.clear(), setOpen("avatar"))} aria-label={`${text.avatar.button}: ${webhook.name}`}>
            {text.avatar.button}
          </button>
          <button type="button" className={`button button-secondary ${panelStyles.dangerButton}`} onClick={() => setAsking(true)} aria-label={`${text.remove.button}: ${webhook.name}`}>
            {text.remove.button}
          </button>
        </div>
      )}
      <Feedback done={action.done} refusal={action.refusal} shownByFields={["name"]} />
      <DeleteDialog open={asking} onClose={() => setAsking(false)} name={webhook.name} path={path} handles={WEBHOOK_REFUSALS} text={text.remove} action={action} testId="webhook-delete-dialog" />
    </div>
  );
}
