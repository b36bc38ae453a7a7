"use client";

import { useEffect, useState } from "react";
import { onPluginSaved } from "@/components/plugin-events";
import { switchPlugin } from "@/components/plugin-switching";
import { raiseErrorModal } from "@/lib/http/error-bus";

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
    const outcome = await switchPlugin(guildId, pluginId, true);
    if (outcome.status === "saved") setTurnedOnHere(true);
    // These offers sit on the plugin's page, whose form says beside its fields what is missing; without one, the reason is still told.
    if (outcome.status === "refused" && outcome.message) raiseErrorModal({ message: outcome.message });
    setEnabling(false);
  }

  return { enabled, enabling, turnedOnHere, turnOn };
}
