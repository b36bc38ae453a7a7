"use client";

import { useRouter } from "next/navigation";
import { GUILD_OAUTH_MESSAGE_TYPE, POPUP_SIZE, type GuildOAuthMessage } from "@/lib/auth/popup";
import { isSafePath } from "@/lib/auth/redirect";
import { useAuthPopup } from "@/lib/auth/use-auth-popup";
import type { Locale } from "@/lib/i18n/locales";

type Props = { guildId: string; guildName: string; locale: Locale; labels: { add: string; waiting: string } };

/** Opens the bot-add consent in an 800x777 popup; the return page reports back by postMessage. */
export function AddBotButton({ guildId, guildName, locale, labels }: Props) {
  const router = useRouter();
  const popup = useAuthPopup<GuildOAuthMessage>({
    name: "guildhall-add-bot",
    size: POPUP_SIZE.addBot,
    messageType: GUILD_OAUTH_MESSAGE_TYPE,
    onMessage: (message, waiting) => {
      // Only the button whose popup is open acts, and only for its own server.
      if (!waiting || message.guildID !== guildId) return;
      popup.stop();
      const target = message.targetPath;
      router.push(target && isSafePath(target) ? target : `/${locale}/dashboard/${guildId}`);
    },
  });

  return (
    <>
      <button
        type="button"
        className="button button-secondary button-small"
        onClick={() => popup.open(`/api/guilds/oauth?${new URLSearchParams({ guild_id: guildId, locale })}`)}
        disabled={popup.waiting}
        aria-busy={popup.waiting}
        aria-label={`${labels.add}: ${guildName}`}
      >
        {labels.add}
      </button>
      <span className="visually-hidden" role="status">
        {popup.waiting ? labels.waiting : ""}
      </span>
    </>
  );
}
