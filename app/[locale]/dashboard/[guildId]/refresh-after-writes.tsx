"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { onApiWrite } from "@/lib/http/client-fetch";

/**
 * After any island's successful write to this guild, re-renders the page from the server
 * and drops what the browser's router keeps of other pages: without it a client-side link
 * back to the overview (a cached page) shows it as it was before the write.
 */
export function RefreshAfterWrites({ guildId }: { guildId: string }) {
  const router = useRouter();
  useEffect(
    () =>
      onApiWrite((path) => {
        // Writes elsewhere (signing out) change nothing these pages show.
        if (path.split(/[/?]/).includes(guildId)) router.refresh();
      }),
    [guildId, router],
  );
  return null;
}
