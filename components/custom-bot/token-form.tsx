"use client";

import { useId, useState } from "react";
import { fill } from "@/lib/i18n/fill";
import type { CustomBotView } from "@/lib/custom-bot/view";
import { apiFetch } from "@/lib/http/client-fetch";
import formStyles from "@/components/settings-form/form.module.css";
import { Feedback } from "@/components/action-panel/feedback";
import type { CustomBotText } from "./text";
import { useAction } from "@/components/action-panel/use-action";
import panelStyles from "@/components/action-panel/action-panel.module.css";

type Props = { guildId: string; view: CustomBotView; text: CustomBotText; onSaved: (view: CustomBotView) => void };

// Codes the form says itself (beside the field): no global error dialog for them.
const HANDLED = ["validation_failed", "custom_bot_token_malformed", "custom_bot_token_refused", "custom_bot_not_a_bot", "custom_bot_wrong_application", "custom_bot_not_included", "custom_bot_unavailable", "custom_bot_not_set_up"];

/**
 * The bot's token: set up a bot (enable-custom-bot) or give the one set up a new token
 * (update-custom-bot). A password field, never filled in by the page; cleared once saved. The
 * platform's verdict comes back as a sentence beside the field; a token of another application
 * than the bot set up can replace it with one more press.
 */
export function TokenForm({ guildId, view, text, onSaved }: Props) {
  const id = useId();
  const [token, setToken] = useState("");
  const action = useAction(text.failed);
  const update = view.bot !== null;
  const error = action.refusal?.fields.bot_token ?? null;
  const otherBot = update && action.refusal?.code === "custom_bot_wrong_application";

  const save = (route: "enable-custom-bot" | "update-custom-bot") =>
    action.run(async () => {
      const saved = await apiFetch<CustomBotView>(`/guilds/${guildId}/${route}`, { method: "POST", body: { bot_token: token }, handles: HANDLED });
      setToken("");
      onSaved(saved);
      return fill(route === "enable-custom-bot" ? text.setup.enabled : text.newToken.saved, { name: saved.bot?.name ?? "" });
    });

  return (
    <section className={panelStyles.card} aria-labelledby={`${id}-title`} data-testid="custom-bot-token">
      <div className={panelStyles.header}>
        <h2 id={`${id}-title`}>{update ? text.newToken.title : text.setup.title}</h2>
        <p>{update ? text.newToken.intro : text.setup.intro}</p>
        {update ? null : (
          <p>
            <a href="https://discord.com/developers/applications" target="_blank" rel="noreferrer">
              {text.setup.portal}
            </a>
          </p>
        )}
      </div>
      <form
        className={panelStyles.form}
        aria-busy={action.busy}
        onSubmit={(event) => {
          event.preventDefault();
          void save(update ? "update-custom-bot" : "enable-custom-bot");
        }}
      >
        <div className={formStyles.row}>
          <label className={formStyles.label} htmlFor={`${id}-token`}>
            {text.setup.token}
          </label>
          <p className={formStyles.help} id={`${id}-hint`}>
            {text.setup.tokenHint}
          </p>
          <input
            id={`${id}-token`}
            className={`input ${formStyles.input}`}
            type="password"
            autoComplete="off"
            spellCheck={false}
            required
            value={token}
            onChange={(event) => setToken(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={[`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" ")}
          />
          {error ? (
            <p id={`${id}-error`} className={formStyles.error} role="alert" data-testid="custom-bot-token-error">
              {error}
            </p>
          ) : null}
        </div>
        <div className={panelStyles.actions}>
          <button type="submit" className="button button-primary" disabled={action.busy || token.trim() === ""}>
            {action.busy ? text.setup.checking : update ? text.newToken.save : text.setup.enable}
          </button>
          {otherBot ? (
            <button type="button" className="button button-secondary" disabled={action.busy} onClick={() => void save("enable-custom-bot")}>
              {text.newToken.otherBot}
            </button>
          ) : null}
        </div>
        <Feedback done={action.done} refusal={action.refusal} shownByFields={["bot_token"]} testId="custom-bot-token" />
      </form>
    </section>
  );
}
