"use client";

import { useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { fillNodes } from "@/components/pickers/fill-nodes";
import { BOT_JOINED } from "@/lib/auth/bot-joined";

type Props = { guildName: string; /** "{server}" */ text: string };

/**
 * "Guildhall joined {server}" when the add-bot flow lands on the overview (?bot=joined, set by
 * app/guild-oauth). Read on the client: the page itself is cached for every manager. The flag
 * then leaves the address, so a reload or a shared link does not say it again.
 */
export function BotJoinedNotice({ guildName, text }: Props) {
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
    <p className="notice notice-success" role="status" data-testid="bot-joined">
      <span>{fillNodes(text, { server: guildName })}</span>
    </p>
  );
}
