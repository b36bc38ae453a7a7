"use client";

import { useEffect, useState } from "react";
import { apiFetch } from "@/lib/http/client-fetch";
import { announcePluginSaved, onPluginSaved, type PluginSaved } from "./plugin-events";
import { reportUnshownError } from "./report-error";
import { Switch } from "./switch";
import styles from "./plugin-switch.module.css";

type Props = {
  guildId: string;
  pluginId: string;
  enabled: boolean;
  /** "Enable Welcome": the switch's accessible name. */
  label: string;
  /** Visible state words; omitted on compact cards. */
  stateText?: { on: string; off: string };
  /** A premium plugin on a free guild may be switched off but not on. */
  lockedOn?: boolean;
};

/**
 * Turns a plugin on or off at once (optimistic); the server-rendered parts (sidebar dots,
 * cards) follow through the refresh after every write (RefreshAfterWrites). On failure
 * the switch flips back; apiFetch has already shown the error modal.
 */
export function PluginSwitch({ guildId, pluginId, enabled, label, stateText, lockedOn }: Props) {
  const [on, setOn] = useState(enabled);
  const [stored, setStored] = useState(enabled);
  const [busy, setBusy] = useState(false);

  // A refresh brings the stored value, as does another switch for the same plugin.
  if (enabled !== stored) {
    setStored(enabled);
    setOn(enabled);
  }
  useEffect(() => onPluginSaved((detail) => detail.pluginId === pluginId && setOn(detail.enabled)), [pluginId]);

  async function toggle() {
    if (busy) return;
    const next = !on;
    setOn(next);
    setBusy(true);
    try {
      const saved = await apiFetch<Omit<PluginSaved, "pluginId">>(`/plugins/${pluginId}/config/${guildId}`, { method: "PATCH", body: { enabled: next } });
      announcePluginSaved({ pluginId, enabled: saved.enabled, config: saved.config, version: saved.version });
    } catch (error) {
      setOn(!next);
      reportUnshownError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <span className={styles.wrap}>
      {stateText ? (
        <span className={on ? styles.on : styles.off} aria-hidden="true">
          {on ? stateText.on : stateText.off}
        </span>
      ) : null}
      <Switch checked={on} onToggle={() => void toggle()} busy={busy} disabled={lockedOn && !on} label={label} testId={`plugin-switch-${pluginId}`} />
    </span>
  );
}
