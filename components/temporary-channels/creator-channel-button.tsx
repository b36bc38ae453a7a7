"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Feedback } from "@/components/action-panel/feedback";
import { useAction } from "@/components/action-panel/use-action";
import { apiFetch } from "@/lib/http/client-fetch";
import { fill } from "@/lib/i18n/fill";
import styles from "@/components/plugin-tools.module.css";
import formStyles from "@/components/settings-form/form.module.css";

export type CreatorChannelText = { name: string; nameHint: string; create: string; creating: string; created: string; failed: string };

type Props = { guildId: string; disabled: boolean; text: CreatorChannelText };

/** Has the bot create a voice channel and chooses it as the creator channel; the page then shows it in the form. */
export function CreatorChannelButton({ guildId, disabled, text }: Props) {
  const router = useRouter();
  const action = useAction(text.failed);
  const [name, setName] = useState(text.name);
  const inputId = useId();
  const submit = () =>
    void action.run(async () => {
      const made = await apiFetch<{ name: string }>(`/plugins/temporary_channels/guilds/${guildId}/creator-channel`, { method: "POST", body: { name }, handles: ["validation_failed", "channel_bot_missing_permission"] });
      router.refresh();
      return fill(text.created, { name: made.name });
    });
  return (
    <form
      className={styles.part}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className={styles.give}>
        <div className={styles.field}>
          <label htmlFor={inputId}>{text.nameHint}</label>
          <input id={inputId} className={formStyles.input} value={name} maxLength={100} required onChange={(event) => setName(event.target.value)} disabled={disabled || action.busy} data-testid="creator-channel-name" />
        </div>
        <button type="submit" className="button button-secondary" disabled={disabled || action.busy || name.trim() === ""} aria-busy={action.busy} data-testid="creator-channel-create">
          {action.busy ? text.creating : text.create}
        </button>
      </div>
      <Feedback done={action.done} refusal={action.refusal} testId="creator-channel" />
    </form>
  );
}
