"use client";

import type { CustomBotView } from "@/lib/custom-bot/view";
import { apiFetch } from "@/lib/http/client-fetch";
import { Feedback } from "@/components/action-panel/feedback";
import type { CustomBotText } from "./text";
import { useAction } from "@/components/action-panel/use-action";
import styles from "./custom-bot.module.css";

type Props = { guildId: string; text: CustomBotText; onSaved: (view: CustomBotView) => void };

/** The platform refused the bot's token: said at the top until the owner acknowledges it (the bot stays off until a new token). */
export function BlockedBanner({ guildId, text, onSaved }: Props) {
  const action = useAction(text.failed);
  return (
    <div className={`notice notice-error ${styles.banner}`} role="alert" data-testid="custom-bot-blocked">
      <div>
        <p className={styles.bannerTitle}>{text.blocked.title}</p>
        <p>{text.blocked.body}</p>
        <Feedback done={action.done} refusal={action.refusal} />
      </div>
      <button
        type="button"
        className="button button-secondary button-small"
        disabled={action.busy}
        aria-busy={action.busy}
        onClick={() =>
          void action.run(async () => {
            onSaved(await apiFetch<CustomBotView>(`/guilds/${guildId}/acknowledge-custom-bot-block`, { method: "PATCH" }));
            return text.blocked.acknowledged;
          })
        }
      >
        {action.busy ? text.saving : text.blocked.acknowledge}
      </button>
    </div>
  );
}
