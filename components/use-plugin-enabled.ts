"use client";

import { useEffect, useState } from "react";
import { announcePluginSaved, onPluginSaved, type PluginSaved } from "@/components/plugin-events";
import { reportUnshownError } from "@/components/report-error";
import { apiFetch } from "@/lib/http/client-fetch";

/**
 * Whether a plugin is on, following the page's switch (and any other island), with a way to
 * turn it on from where its being off matters (a post, the music player).
 */
export function usePluginEnabled(guildId: string, pluginId: string, initial: boolean) {
  const [enabled, setEnabled] = useState(initial);
  const [enabling, setEnabling] = useState(false);
  /** Turned on from here just now: the notice says so instead of vanishing. */
  const [turnedOnHere, setTurnedOnHere] = useState(false);
  useEffect(() => onPluginSaved((detail) => detail.pluginId === pluginId && setEnabled(detail.enabled)), [pluginId]);

  async function turnOn() {
    setEnabling(true);
    try {
      const saved = await apiFetch<Omit<PluginSaved, "pluginId">>(`/plugins/${pluginId}/config/${guildId}`, { method: "PATCH", body: { enabled: true } });
      announcePluginSaved({ pluginId, enabled: saved.enabled, config: saved.config, version: saved.version });
      setEnabled(saved.enabled);
      setTurnedOnHere(true);
    } catch (error) {
      reportUnshownError(error);
    } finally {
      setEnabling(false);
    }
  }

  return { enabled, enabling, turnedOnHere, turnOn };
}
