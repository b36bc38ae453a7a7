"use client";

import { useId, useState } from "react";
import { PRESENCE_ACTIVITY_TYPES, PRESENCE_STATUSES, type PresenceActivityType, type PresenceStatus } from "@/lib/custom-bot/presence-options";
import type { CustomBotDetails, CustomBotView } from "@/lib/custom-bot/view";
import { apiFetch } from "@/lib/http/client-fetch";
import formStyles from "@/components/settings-form/form.module.css";
import { Feedback } from "@/components/action-panel/feedback";
import type { CustomBotText } from "./text";
import { useAction } from "@/components/action-panel/use-action";
import panelStyles from "@/components/action-panel/action-panel.module.css";

type Props = { guildId: string; bot: CustomBotDetails; text: CustomBotText; onSaved: (view: CustomBotView) => void };

const FIELDS = ["presence_status", "presence_activity_type", "presence_activity_name", "presence_activity_url"] as const;

/** The status and activity the bot shows (set-custom-bot-status); the platform's rules are the server's, each refusal beside its field. */
export function PresenceForm({ guildId, bot, text, onSaved }: Props) {
  const id = useId();
  const [status, setStatus] = useState<PresenceStatus>(bot.presence.presence_status);
  const [type, setType] = useState<PresenceActivityType>(bot.presence.presence_activity_type);
  const [name, setName] = useState(bot.presence.presence_activity_name);
  const [url, setUrl] = useState(bot.presence.presence_activity_url ?? "");
  const action = useAction(text.failed);
  const error = (field: (typeof FIELDS)[number]) => action.refusal?.fields[field] ?? null;
  const described = (field: (typeof FIELDS)[number], hint?: string) => [hint, error(field) ? `${id}-${field}-error` : null].filter(Boolean).join(" ") || undefined;
  const fieldError = (field: (typeof FIELDS)[number]) =>
    error(field) ? (
      <p id={`${id}-${field}-error`} className={formStyles.error} role="alert" data-testid={`custom-bot-${field}-error`}>
        {error(field)}
      </p>
    ) : null;

  return (
    <section className={panelStyles.card} aria-labelledby={`${id}-title`} data-testid="custom-bot-presence">
      <div className={panelStyles.header}>
        <h2 id={`${id}-title`}>{text.presence.title}</h2>
      </div>
      <form
        className={panelStyles.form}
        aria-busy={action.busy}
        onSubmit={(event) => {
          event.preventDefault();
          void action.run(async () => {
            const body = { presence_status: status, presence_activity_type: type, presence_activity_name: name, presence_activity_url: url.trim() === "" ? null : url };
            onSaved(await apiFetch<CustomBotView>(`/guilds/${guildId}/set-custom-bot-status`, { method: "PUT", body, handles: ["validation_failed"] }));
            return text.presence.saved;
          });
        }}
      >
        <div className={panelStyles.grid}>
          <div className={formStyles.row}>
            <label className={formStyles.label} htmlFor={`${id}-status`}>
              {text.presence.status}
            </label>
            <select id={`${id}-status`} className={`input ${formStyles.input} ${formStyles.select}`} value={status} onChange={(event) => setStatus(event.target.value as PresenceStatus)} aria-describedby={described("presence_status")}>
              {PRESENCE_STATUSES.map((option) => (
                <option key={option} value={option}>
                  {text.presence.statuses[option]}
                </option>
              ))}
            </select>
            {fieldError("presence_status")}
          </div>
          <div className={formStyles.row}>
            <label className={formStyles.label} htmlFor={`${id}-type`}>
              {text.presence.activity}
            </label>
            <select id={`${id}-type`} className={`input ${formStyles.input} ${formStyles.select}`} value={type} onChange={(event) => setType(event.target.value as PresenceActivityType)} aria-describedby={described("presence_activity_type")}>
              {PRESENCE_ACTIVITY_TYPES.map((option) => (
                <option key={option} value={option}>
                  {text.presence.activities[option]}
                </option>
              ))}
            </select>
            {fieldError("presence_activity_type")}
          </div>
        </div>
        <div className={formStyles.row}>
          <label className={formStyles.label} htmlFor={`${id}-name`}>
            {text.presence.name}
          </label>
          <input id={`${id}-name`} className={`input ${formStyles.input}`} value={name} maxLength={128} onChange={(event) => setName(event.target.value)} aria-invalid={error("presence_activity_name") ? true : undefined} aria-describedby={described("presence_activity_name")} />
          {fieldError("presence_activity_name")}
        </div>
        <div className={formStyles.row}>
          <label className={formStyles.label} htmlFor={`${id}-url`}>
            {text.presence.url}
          </label>
          <p className={formStyles.help} id={`${id}-url-hint`}>
            {text.presence.urlHint}
          </p>
          <input id={`${id}-url`} className={`input ${formStyles.input}`} type="url" inputMode="url" value={url} onChange={(event) => setUrl(event.target.value)} aria-invalid={error("presence_activity_url") ? true : undefined} aria-describedby={described("presence_activity_url", `${id}-url-hint`)} />
          {fieldError("presence_activity_url")}
        </div>
        <div className={panelStyles.actions}>
          <button type="submit" className="button button-primary" disabled={action.busy}>
            {action.busy ? text.saving : text.presence.save}
          </button>
        </div>
        <Feedback done={action.done} refusal={action.refusal} shownByFields={FIELDS} testId="custom-bot-presence" />
      </form>
    </section>
  );
}
