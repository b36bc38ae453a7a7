"use client";

import { useId, useRef, useState } from "react";
import formStyles from "@/components/settings-form/form.module.css";
import panelStyles from "@/components/action-panel/action-panel.module.css";
import { Feedback } from "@/components/action-panel/feedback";
import { useAction } from "@/components/action-panel/use-action";
import { apiFetch } from "@/lib/http/client-fetch";
import { fill } from "@/lib/i18n/fill";
import type { WebhookText } from "./text";
import { uploadAvatar, WEBHOOK_REFUSALS } from "./upload-avatar";
import styles from "./webhooks.module.css";

type Props = { guildId: string; channels: ReadonlyArray<{ id: string; name: string }>; text: WebhookText; nameMax: number };

/**
 * Makes a webhook (POST /guilds/{id}/webhooks {channel_id, src, name}) and shows its URL this once,
 * to copy: the URL holds the webhook's token, which no list or page shows again.
 */
export function CreateForm({ guildId, channels, text, nameMax }: Props) {
  const id = useId();
  const avatar = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const action = useAction(text.failed);
  const fieldError = (path: string) => action.refusal?.fields[path];

  return (
    <form
      className={panelStyles.form}
      aria-labelledby={`${id}-title`}
      aria-busy={action.busy}
      data-testid="webhook-create"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const name = String(data.get("name") ?? "").trim();
        const channelId = String(data.get("channel_id") ?? "");
        const picture = avatar.current?.files?.[0];
        setCopied(null);
        void action.run(async () => {
          const src = picture ? await uploadAvatar(guildId, picture) : undefined;
          const { webhook } = await apiFetch<{ webhook: { name: string; url: string } }>(`/guilds/${guildId}/webhooks`, {
            method: "POST",
            body: { channel_id: channelId, ...(name ? { name } : {}), ...(src ? { src } : {}) },
            handles: WEBHOOK_REFUSALS,
          });
          setUrl(webhook.url);
          if (avatar.current) avatar.current.value = "";
          return fill(text.create.done, { name: webhook.name });
        });
      }}
    >
      <h3 id={`${id}-title`}>{text.create.title}</h3>
      <div className={panelStyles.grid}>
        <div className={formStyles.row}>
          <label className={formStyles.label} htmlFor={`${id}-channel`}>
            {text.create.channel}
          </label>
          <select className={`${formStyles.input} ${formStyles.select}`} id={`${id}-channel`} name="channel_id" required aria-invalid={fieldError("channel_id") ? true : undefined}>
            {channels.map((channel) => (
              <option key={channel.id} value={channel.id}>
                #{channel.name}
              </option>
            ))}
          </select>
          {fieldError("channel_id") ? <p role="alert" className={panelStyles.failed}>{fieldError("channel_id")}</p> : null}
        </div>
        <div className={formStyles.row}>
          <label className={formStyles.label} htmlFor={`${id}-name`}>
            {text.create.name}
          </label>
          <p className={formStyles.help} id={`${id}-name-hint`}>
            {text.create.nameHint}
          </p>
          <input className={formStyles.input} id={`${id}-name`} name="name" type="text" maxLength={nameMax} autoComplete="off" aria-describedby={`${id}-name-hint`} aria-invalid={fieldError("name") ? true : undefined} />
          {fieldError("name") ? <p role="alert" className={panelStyles.failed}>{fieldError("name")}</p> : null}
        </div>
        <div className={formStyles.row}>
          <label className={formStyles.label} htmlFor={`${id}-avatar`}>
            {text.create.avatar}
          </label>
          <p className={formStyles.help} id={`${id}-avatar-hint`}>
            {text.create.avatarHint}
          </p>
          <input id={`${id}-avatar`} ref={avatar} type="file" accept="image/png,image/jpeg,image/gif,image/webp" aria-describedby={`${id}-avatar-hint`} />
          {fieldError("src") ? <p role="alert" className={panelStyles.failed}>{fieldError("src")}</p> : null}
        </div>
      </div>
      <div className={panelStyles.actions}>
        <button type="submit" className="button button-primary" disabled={action.busy || channels.length === 0}>
          {action.busy ? text.create.busy : text.create.submit}
        </button>
      </div>
      <Feedback done={action.done} refusal={action.refusal} shownByFields={["channel_id", "name", "src"]} testId="webhook-create" />
      {url ? (
        <div className={styles.secret} role="group" aria-labelledby={`${id}-secret`} data-testid="webhook-secret">
          <p id={`${id}-secret`} className={styles.name}>
            {text.created.title}
          </p>
          <p className={styles.meta}>{text.created.description}</p>
          <label htmlFor={`${id}-url`}>{text.created.label}</label>
          <input className={formStyles.input} id={`${id}-url`} type="text" readOnly value={url} onFocus={(event) => event.currentTarget.select()} data-testid="webhook-url" />
          <div className={styles.row}>
            <button
              type="button"
              className="button button-primary"
              onClick={() =>
                void navigator.clipboard.writeText(url).then(
                  () => setCopied(text.created.copied),
                  () => setCopied(text.created.copyFailed),
                )
              }
            >
              {text.created.copy}
            </button>
            <button type="button" className="button button-ghost" onClick={() => (setUrl(null), setCopied(null))}>
              {text.created.dismiss}
            </button>
          </div>
          <p role="status" className={panelStyles.done} data-testid="webhook-copied">
            {copied ?? ""}
          </p>
        </div>
      ) : null}
    </form>
  );
}
