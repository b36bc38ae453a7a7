"use client";

import { useEffect, useState } from "react";
import { useSearchParams } from "next/navigation";
import { fill } from "@/lib/i18n/fill";
import { BOT_JOINED } from "@/lib/auth/bot-joined";
import { GUILD_OAUTH_MESSAGE_TYPE, POPUP_SIZE, type GuildOAuthMessage } from "@/lib/auth/popup";
import { useAuthPopup } from "@/lib/auth/use-auth-popup";
import type { CustomBotText } from "./text";
import panelStyles from "@/components/action-panel/action-panel.module.css";
import styles from "./custom-bot.module.css";

type Props = { guildId: string; guildName: string; authorizeUrl: string; redirectUrl: string; text: CustomBotText };

/**
 * "Add your bot to the server": the platform's page for the custom bot's own application, in the
 * 800×777 popup the add-the-bot button uses; the guild return page (app/guild-oauth) reports back.
 * With popups blocked it goes full page and comes back here with ?bot=joined (BotAddedNotice).
 */
export function InviteButton({ guildId, guildName, authorizeUrl, redirectUrl, text }: Props) {
  const [added, setAdded] = useState(false);
  const popup = useAuthPopup<GuildOAuthMessage>({
    name: "guildhall-add-custom-bot",
    size: POPUP_SIZE.addBot,
    messageType: GUILD_OAUTH_MESSAGE_TYPE,
    onMessage: (message, waiting) => {
      if (!waiting || message.guildID !== guildId) return;
      popup.stop();
      setAdded(true);
    },
  });

  return (
    <div className={styles.invite}>
      <button type="button" className="button button-primary" onClick={() => popup.open(authorizeUrl)} disabled={popup.waiting} aria-busy={popup.waiting} data-testid="custom-bot-invite">
        {popup.waiting ? text.invite.waiting : text.invite.button}
      </button>
      <p className={panelStyles.muted}>{fill(text.invite.hint, { url: redirectUrl })}</p>
      <p role="status" className={panelStyles.done} data-testid="custom-bot-invite-done">
        {added ? fill(text.invite.added, { server: guildName }) : ""}
      </p>
    </div>
  );
}

/**
 * Back from the full-page flow (?bot=joined, set by app/guild-oauth): says so once, then the flag
 * leaves the address. Read on the client, in a Suspense boundary: the page is cached for every manager.
 */
export function BotAddedNotice({ guildName, text }: { guildName: string; text: CustomBotText }) {
  const joined = useSearchParams()?.get(BOT_JOINED.param) === BOT_JOINED.value;
  const [shown] = useState(joined);

  useEffect(() => {
    if (!joined) return;
    const url = new URL(window.location.href);
    url.searchParams.delete(BOT_JOINED.param);
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  }, [joined]);

  if (!shown) return null;
  return (
    <p className="notice notice-success" role="status" data-testid="custom-bot-added">
      {fill(text.invite.added, { server: guildName })}
    </p>
  );
}
