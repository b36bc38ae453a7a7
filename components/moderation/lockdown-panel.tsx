"use client";

import { useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { reportUnshownError } from "@/components/report-error";
import { fill } from "@/lib/i18n/fill";
import { apiFetch, TransportError } from "@/lib/http/client-fetch";
import type { ChannelOutcome, LockdownResult } from "@/lib/moderation/lockdown";
import type { ModerationText } from "./text";
import styles from "./moderation.module.css";

// The lockdown: whether it is on, each chosen channel's state, Lock and Lift (each asked
// first), and after either what happened in each channel. A channel that failed says why
// and is tried again by pressing Lock (or Lift) again.

type Props = {
  guildId: string;
  initial: LockdownResult;
  /** The plugin's lockdown channels, named. */
  channels: ReadonlyArray<{ id: string; name: string }>;
  settingsHref: string;
  text: ModerationText;
};

type Action = "lock" | "unlock";

export function LockdownPanel({ guildId, initial, channels, settingsHref, text }: Props) {
  const t = text.lockdown;
  const path = `/plugins/moderator/guilds/${guildId}/lockdown`;
  const [state, setState] = useState(initial);
  const [outcomes, setOutcomes] = useState<Map<string, ChannelOutcome> | null>(null);
  const [asking, setAsking] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  const held = new Map(state.channels.map((channel) => [channel.channel_id, channel]));
  // Channels the lockdown still holds but the settings no longer name stay listed until lifted.
  const listed = [...channels, ...state.channels.filter((channel) => !channels.some((each) => each.id === channel.channel_id)).map((channel) => ({ id: channel.channel_id, name: t.deletedChannel }))];
  const lockable = channels.some((channel) => held.get(channel.id)?.status !== "locked");

  async function run(action: Action) {
    setBusy(true);
    setNotice(null);
    try {
      const result = await apiFetch<LockdownResult>(path, { method: "PATCH", body: { enabled: action === "lock" }, handles: ["lockdown_no_channels"] });
      setOutcomes(new Map(result.channels.map((channel) => [channel.channel_id, channel])));
      setState(await apiFetch<LockdownResult>(path).catch(() => result));
      const failed = result.channels.some((channel) => channel.status === "failed");
      setNotice({ ok: !failed, text: failed ? t.retryHint : action === "lock" ? t.lockedDone : t.unlockedDone });
    } catch (error) {
      if (error instanceof TransportError && error.status === 400) setNotice({ ok: false, text: error.message });
      else reportUnshownError(error);
    } finally {
      setBusy(false);
      setAsking(null);
    }
  }

  function statusOf(channelId: string): string {
    const outcome = outcomes?.get(channelId);
    const now = outcome ?? held.get(channelId);
    if (!now) return t.status.open;
    if (now.status === "failed") return fill(t.status.failed, { reason: now.error ? t.errors[now.error] : t.errors.unavailable });
    const posted = outcome?.message_posted === undefined ? "" : ` (${outcome.message_posted ? t.messagePosted : t.messageNotPosted})`;
    return `${t.status[now.status]}${posted}`;
  }

  return (
    <div className={styles.stack} data-testid="lockdown-panel">
      <p className={`notice ${state.locked ? "notice-warning" : ""}`} role="status" data-testid="lockdown-state">
        {state.locked ? t.locked : t.open}
      </p>
      <p className={styles.muted}>{t.intro}</p>
      <h3 className={styles.subTitle}>{t.channels}</h3>
      {listed.length === 0 ? (
        <p className={styles.muted}>{t.noChannels}</p>
      ) : (
        <ul className={styles.channels}>
          {listed.map((channel) => (
            <li key={channel.id} data-testid={`lockdown-channel-${channel.id}`}>
              <span className={styles.channelName}>{channel.name}</span>
              <span className={styles.muted}>{statusOf(channel.id)}</span>
            </li>
          ))}
        </ul>
      )}
      <p>
        <a href={settingsHref}>{t.settings}</a>
      </p>
      <div className={styles.actions}>
        {!state.locked || lockable ? (
          <button type="button" className="button button-primary" onClick={() => setAsking("lock")} disabled={busy || channels.length === 0}>
            {t.lock}
          </button>
        ) : null}
        {state.locked || state.channels.length > 0 ? (
          <button type="button" className="button button-secondary" onClick={() => setAsking("unlock")} disabled={busy}>
            {t.unlock}
          </button>
        ) : null}
      </div>
      <div aria-live="polite">{notice ? <p className={`notice ${notice.ok ? "notice-success" : "notice-error"}`}>{notice.text}</p> : null}</div>
      <ConfirmDialog
        open={asking !== null}
        title={asking === "unlock" ? t.unlockQuestion : t.lockQuestion}
        description={asking === "unlock" ? t.unlockDescription : t.lockDescription}
        confirmLabel={asking === "unlock" ? t.unlock : t.lock}
        backLabel={t.back}
        busy={busy}
        busyLabel={asking === "unlock" ? t.unlocking : t.locking}
        danger={asking === "lock"}
        onConfirm={() => void run(asking!)}
        onClose={() => setAsking(null)}
        testId="lockdown-confirm"
      />
    </div>
  );
}
