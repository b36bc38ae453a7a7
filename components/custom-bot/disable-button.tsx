"use client";

import { useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { fill } from "@/lib/i18n/fill";
import type { CustomBotView } from "@/lib/custom-bot/view";
import { apiFetch } from "@/lib/http/client-fetch";
import { Feedback } from "@/components/action-panel/feedback";
import type { CustomBotText } from "./text";
import { useAction } from "@/components/action-panel/use-action";
import panelStyles from "@/components/action-panel/action-panel.module.css";
import styles from "./custom-bot.module.css";

type Props = { guildId: string; guildName: string; text: CustomBotText; onSaved: (view: CustomBotView) => void };

/** Turns the custom bot off, asked first in the page's dialog; its settings and row stay. */
export function DisableButton({ guildId, guildName, text, onSaved }: Props) {
  const [asking, setAsking] = useState(false);
  const action = useAction(text.failed);
  return (
    <div className={styles.danger}>
      <button type="button" className={`button button-secondary ${panelStyles.dangerButton}`} onClick={() => setAsking(true)} data-testid="custom-bot-disable">
        {text.disable.button}
      </button>
      <Feedback done={action.done} refusal={action.refusal} />
      <ConfirmDialog
        open={asking}
        title={text.disable.title}
        description={fill(text.disable.description, { server: guildName })}
        confirmLabel={text.disable.confirm}
        backLabel={text.disable.back}
        busy={action.busy}
        busyLabel={text.disable.busy}
        danger
        onClose={() => setAsking(false)}
        onConfirm={() =>
          // Closed either way: its outcome is said under the button, which the dialog would hide.
          void action
            .run(async () => {
              onSaved(await apiFetch<CustomBotView>(`/guilds/${guildId}/disable-custom-bot`, { method: "POST" }));
              return text.disable.done;
            })
            .finally(() => setAsking(false))
        }
        testId="custom-bot-disable-dialog"
      />
    </div>
  );
}
