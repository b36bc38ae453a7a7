"use client";

import { useEffect, useState } from "react";
import Link from "next/link";
import { onPluginSaved } from "./plugin-events";
import { switchPlugin } from "./plugin-switching";
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
  /** Away from the plugin's page (the overview): where its settings are, and the link's words, for a plugin that needs some first. */
  settings?: { href: string; text: string };
};

/**
 * Turns a plugin on or off at once (optimistic); the server-rendered parts (sidebar dots,
 * cards) follow through the refresh after every write (RefreshAfterWrites). On failure the
 * switch flips back. A plugin that needs settings first says which beside them on its page
 * (its form takes the switch over), and here, with a link to them, elsewhere.
 */
export function PluginSwitch({ guildId, pluginId, enabled, label, stateText, lockedOn, settings }: Props) {
  const [on, setOn] = useState(enabled);
  const [stored, setStored] = useState(enabled);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; field?: string } | null>(null);

  // A refresh brings the stored value, as does another switch for the same plugin.
  if (enabled !== stored) {
    setStored(enabled);
    setOn(enabled);
  }
  useEffect(
    () =>
      onPluginSaved((detail) => {
        if (detail.pluginId !== pluginId) return;
        setOn(detail.enabled);
        setRefusal(null);
      }),
    [pluginId],
  );

  async function toggle() {
    if (busy) return;
    const next = !on;
    setOn(next);
    setBusy(true);
    setRefusal(null);
    const outcome = await switchPlugin(guildId, pluginId, next);
    if (outcome.status !== "saved") setOn(!next);
    if (outcome.status === "refused" && outcome.message) setRefusal({ message: outcome.message, field: outcome.field });
    setBusy(false);
  }

  const noteId = `plugin-switch-${pluginId}-note`;
  return (
    <>
      <span className={styles.wrap}>
        {stateText ? (
          <span className={on ? styles.on : styles.off} aria-hidden="true">
            {on ? stateText.on : stateText.off}
          </span>
        ) : null}
        <Switch checked={on} onToggle={() => void toggle()} busy={busy} disabled={lockedOn && !on} label={label} describedBy={refusal ? noteId : undefined} testId={`plugin-switch-${pluginId}`} />
      </span>
      {refusal ? (
        <p id={noteId} className={styles.refusal} role="alert" data-testid={`plugin-switch-${pluginId}-refusal`}>
          {refusal.message}{" "}
          {settings ? (
            // The field's own id on the settings page: the browser scrolls to it.
            <Link href={refusal.field ? `${settings.href}#cfg-${pluginId}-${refusal.field.replace(/\./g, "-")}` : settings.href} prefetch={false}>
              {settings.text}
            </Link>
          ) : null}
        </p>
      ) : null}
    </>
  );
}
