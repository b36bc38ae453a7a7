"use client";

import { useEffect, useState } from "react";
import { fill } from "@/lib/i18n/fill";
import { apiFetch } from "@/lib/http/client-fetch";
import type { MuteEntry } from "@/lib/moderation/lists";
import { ActDialog } from "./act-dialog";
import type { Formats } from "./format";
import { columnLabels } from "./column-labels";
import type { ModerationText } from "./text";
import { useModerationWrites } from "./use-writes";
import styles from "./moderation.module.css";

// Who is muted now: timed out on the platform (until when), or holding the plugin's mute
// role, with the case that did it; a timeout can be removed from here.

type Props = {
  guildId: string;
  onOpen: (number: number) => void;
  defaultMinutes: number;
  refusals: Record<string, string>;
  formats: Formats;
  text: ModerationText;
};

export function MuteList({ guildId, onOpen, defaultMinutes, refusals, formats, text }: Props) {
  const writes = useModerationWrites(guildId);
  const [retries, setRetries] = useState(0);
  const key = `${writes}#${retries}`;
  const [answer, setAnswer] = useState<{ key: string; mutes: MuteEntry[] | "failed" } | null>(null);
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    apiFetch<{ mutes: MuteEntry[] }>(`/plugins/moderator/guilds/${guildId}/mutes`, { silent: true, signal: controller.signal }).then(
      (page) => setAnswer({ key, mutes: page.mutes }),
      () => {
        if (!controller.signal.aborted) setAnswer({ key, mutes: "failed" });
      },
    );
    return () => controller.abort();
  }, [guildId, key]);
  const mutes = answer?.key === key ? answer.mutes : null;

  const t = text.mutes;
  const how = (mute: MuteEntry) => (mute.until && mute.by_role ? t.byBoth : mute.until ? t.byTimeout : t.byRole);
  return (
    <div className={styles.stack}>
      <p className={styles.muted}>{t.intro}</p>
      <div aria-live="polite" aria-busy={mutes === null}>
        {mutes === null ? (
          <p role="status" className={styles.muted}>
            {text.loading}
          </p>
        ) : mutes === "failed" ? (
          <p className="notice notice-error">
            {text.loadFailed}{" "}
            <button type="button" className="button button-ghost button-small" onClick={() => setRetries((count) => count + 1)}>
              {text.retry}
            </button>
          </p>
        ) : mutes.length === 0 ? (
          <p className={styles.muted}>{t.empty}</p>
        ) : (
          <table className={styles.table} style={columnLabels([t.member, t.until, t.how, t.case, null])} data-testid="mute-list">
            <caption className="visually-hidden">{text.tabs.mutes}</caption>
            <thead>
              <tr>
                <th scope="col">{t.member}</th>
                <th scope="col">{t.until}</th>
                <th scope="col">{t.how}</th>
                <th scope="col">{t.case}</th>
                <th scope="col">
                  <span className="visually-hidden">{text.acts.timeout_removed}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {mutes.map((mute) => (
                <tr key={mute.user.id}>
                  <td>{mute.user.name}</td>
                  <td>{mute.until ? <time dateTime={mute.until}>{formats.date(mute.until)}</time> : t.noEnd}</td>
                  <td>{how(mute)}</td>
                  <td>
                    {mute.case ? (
                      <button type="button" onClick={() => onOpen(mute.case!.id)}>
                        #{mute.case.id}
                      </button>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td className={styles.action}>
                    {mute.until ? (
                      <button type="button" className="button button-secondary button-small" onClick={() => setRemoving({ id: mute.user.id, name: mute.user.name })} aria-label={fill(text.act.title.timeout_removed, { name: mute.user.name })}>
                        {text.acts.timeout_removed}
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {removing ? (
        <ActDialog guildId={guildId} act="timeout_removed" member={removing} defaultMinutes={defaultMinutes} refusals={refusals} onClose={() => setRemoving(null)} formats={formats} text={text} />
      ) : null}
    </div>
  );
}
