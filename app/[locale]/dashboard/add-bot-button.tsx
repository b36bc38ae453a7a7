"use client";

import { useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { GUILD_OAUTH_MESSAGE_TYPE, openCenteredPopup, POPUP_SIZE, type GuildOAuthMessage } from "@/lib/auth/popup";
import { isSafePath } from "@/lib/auth/redirect";
import type { Locale } from "@/lib/i18n/locales";

type Props = { guildId: string; guildName: string; locale: Locale; labels: { add: string; waiting: string } };

/** Opens the bot-add consent in an 800x777 popup; the return page reports back by postMessage. */
export function AddBotButton({ guildId, guildName, locale, labels }: Props) {
  const router = useRouter();
  const [waiting, setWaiting] = useState(false);
  const popup = useRef<Window | null>(null);

  useEffect(() => {
    if (!waiting) return;
    function onMessage(event: MessageEvent<GuildOAuthMessage>) {
      if (event.origin !== window.location.origin || event.data?.type !== GUILD_OAUTH_MESSAGE_TYPE) return;
      if (event.data.guildID !== guildId) return;
      setWaiting(false);
      const target = event.data.targetPath;
      router.push(target && isSafePath(target) ? target : `/${locale}/dashboard/${guildId}`);
    }
    const timer = window.setInterval(() => {
      if (popup.current?.closed) setWaiting(false);
    }, 700);
    window.addEventListener("message", onMessage);
    return () => {
      window.removeEventListener("message", onMessage);
      window.clearInterval(timer);
    };
  }, [waiting, guildId, locale, router]);

  function start() {
    const href = `/api/guilds/oauth?${new URLSearchParams({ guild_id: guildId, locale })}`;
    const opened = openCenteredPopup(href, "guildhall-add-bot", POPUP_SIZE.addBot);
    if (!opened) {
      window.location.assign(href);
      return;
    }
    popup.current = opened;
    setWaiting(true);
  }

  return (
    <>
      <button type="button" className="button button-secondary button-small" onClick={start} disabled={waiting} aria-busy={waiting} aria-label={`${labels.add}: ${guildName}`}>
        {labels.add}
      </button>
      <span className="visually-hidden" role="status">
        {waiting ? labels.waiting : ""}
      </span>
    </>
  );
}
