"use client";

import { useEffect } from "react";
import { GUILD_OAUTH_CLOSE_DELAY_MS, GUILD_OAUTH_MESSAGE_TYPE, type GuildOAuthMessage } from "@/lib/auth/popup";

type Props = { guildID: string | null; targetPath: string | null; fallbackPath: string };

/** Hands the result to the opener and closes after 500 ms; without an opener, posts to itself and continues. */
export function GuildOAuthRelay({ guildID, targetPath, fallbackPath }: Props) {
  useEffect(() => {
    const message: GuildOAuthMessage = { type: GUILD_OAUTH_MESSAGE_TYPE, guildID, targetPath };
    const opener = window.opener as Window | null;
    if (opener && !opener.closed) {
      opener.postMessage(message, window.location.origin);
      const timer = window.setTimeout(() => window.close(), GUILD_OAUTH_CLOSE_DELAY_MS);
      return () => window.clearTimeout(timer);
    }
    function onMessage(event: MessageEvent<GuildOAuthMessage>) {
      if (event.origin !== window.location.origin || event.data?.type !== GUILD_OAUTH_MESSAGE_TYPE) return;
      window.location.replace(event.data.targetPath ?? fallbackPath);
    }
    window.addEventListener("message", onMessage);
    window.postMessage(message, window.location.origin);
    return () => window.removeEventListener("message", onMessage);
  }, [guildID, targetPath, fallbackPath]);
  return null;
}
