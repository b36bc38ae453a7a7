"use client";

import { useId, useState } from "react";
import type { CustomBotDetails, CustomBotView } from "@/lib/custom-bot/view";
import { apiFetch } from "@/lib/http/client-fetch";
import formStyles from "@/components/settings-form/form.module.css";
import { Feedback } from "@/components/action-panel/feedback";
import type { CustomBotText } from "./text";
import { useAction } from "@/components/action-panel/use-action";
import panelStyles from "@/components/action-panel/action-panel.module.css";
import styles from "./custom-bot.module.css";

type Props = { guildId: string; bot: CustomBotDetails; channels: Array<{ id: string; name: string }>; text: CustomBotText; onSaved: (view: CustomBotView) => void };

/** Whether the bot chats with its backstory, and in which text channels (none ticked: all). */
export function BackstoryForm({ guildId, bot, channels, text, onSaved }: Props) {
  const id = useId();
  const [enable, setEnable] = useState(bot.backstory.enable);
  const [allowed, setAllowed] = useState<string[]>(bot.backstory.allowed_channels);
  const action = useAction(text.failed);
  const toggle = (channelId: string, on: boolean) => setAllowed((current) => (on ? [...current, channelId] : current.filter((entry) => entry !== channelId)));

  return (
    <section className={panelStyles.card} aria-labelledby={`${id}-title`} data-testid="custom-bot-backstory">
      <div className={panelStyles.header}>
        <h2 id={`${id}-title`}>{text.backstory.title}</h2>
        <p>{text.backstory.intro}</p>
      </div>
      <form
        className={panelStyles.form}
        aria-busy={action.busy}
        onSubmit={(event) => {
          event.preventDefault();
          void action.run(async () => {
            onSaved(await apiFetch<CustomBotView>(`/guilds/${guildId}/update-custom-bot-backstory`, { method: "POST", body: { enable, allowed_channels: allowed }, handles: ["validation_failed"] }));
            return text.backstory.saved;
          });
        }}
      >
        <label className={styles.check}>
          <input type="checkbox" checked={enable} onChange={(event) => setEnable(event.target.checked)} />
          <span>{text.backstory.enable}</span>
        </label>
        <fieldset className={`${formStyles.row} ${formStyles.group}`} aria-describedby={`${id}-hint`}>
          <legend className={formStyles.label}>{text.backstory.channels}</legend>
          <p className={formStyles.help} id={`${id}-hint`}>
            {text.backstory.channelsHint}
          </p>
          {channels.length === 0 ? (
            <p className={panelStyles.muted}>{text.backstory.noChannels}</p>
          ) : (
            <ul className={styles.channels}>
              {channels.map((channel) => (
                <li key={channel.id}>
                  <label className={styles.check}>
                    <input type="checkbox" checked={allowed.includes(channel.id)} onChange={(event) => toggle(channel.id, event.target.checked)} />
                    <span>
                      #<bdi>{channel.name}</bdi>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        <div className={panelStyles.actions}>
          <button type="submit" className="button button-primary" disabled={action.busy}>
            {action.busy ? text.saving : text.backstory.save}
          </button>
        </div>
        <Feedback done={action.done} refusal={action.refusal} testId="custom-bot-backstory" />
      </form>
    </section>
  );
}
