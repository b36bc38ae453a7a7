"use client";

import { useEffect, useState } from "react";
import { onApiWrite } from "@/lib/http/client-fetch";

/**
 * A number that grows with every moderation write to this guild made on the page (an act, a
 * case edited, a lockdown): lists read it as a dependency and load again.
 */
export function useModerationWrites(guildId: string): number {
  const [count, setCount] = useState(0);
  useEffect(
    () =>
      onApiWrite((path) => {
        if (path.startsWith(`/plugins/moderator/guilds/${guildId}/`)) setCount((value) => value + 1);
      }),
    [guildId],
  );
  return count;
}
