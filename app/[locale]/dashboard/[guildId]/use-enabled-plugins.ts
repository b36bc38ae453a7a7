"use client";

import { useEffect, useState } from "react";
import { apiFetch, onApiWrite } from "@/lib/http/client-fetch";

// The guild menu's dots: which plugins are on, read by the browser rather than drawn into every
// cached page (switching a plugin would otherwise expire all of the guild's pages). Kept per
// guild for the tab's life, so a page change draws the dots at once and refreshes them behind.

const known = new Map<string, ReadonlySet<string>>();

export function useEnabledPlugins(guildId: string): ReadonlySet<string> | undefined {
  const [enabled, setEnabled] = useState(() => known.get(guildId));
  useEffect(() => {
    let live = true;
    const load = () =>
      apiFetch<{ enabled: string[] }>(`/guilds/${guildId}/enabled-plugins`, { silent: true })
        .then(({ enabled: ids }) => {
          const next = new Set(ids);
          known.set(guildId, next);
          if (live) setEnabled(next);
        })
        // The dots are a hint: without an answer the menu keeps the ones it had.
        .catch(() => undefined);
    void load();
    const stopWrites = onApiWrite((path) => {
      if (path.split(/[/?]/).includes(guildId)) void load();
    });
    // Another manager may have switched a plugin while the tab was away.
    const onVisible = () => document.visibilityState === "visible" && void load();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      live = false;
      stopWrites();
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [guildId]);
  return enabled;
}
