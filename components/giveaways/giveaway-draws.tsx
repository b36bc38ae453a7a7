"use client";

import { useEffect, useState, useSyncExternalStore } from "react";
import { reportUnshownError } from "@/components/report-error";
import type { ActionText } from "@/components/settings-form/item-actions";
import { fill } from "@/lib/i18n/fill";
import { apiFetch, errorCodeOf, onApiWrite, TransportError } from "@/lib/http/client-fetch";
import type { GiveawayStatus, GiveawayView } from "@/lib/plugins/giveaways/view";
import collection from "@/components/settings-form/collection.module.css";
import styles from "./giveaway-draws.module.css";

// Every giveaway of the guild with its state and time left, and what can be done with it
// now: Start (posts it), End now (draws), Reroll (draws others), Cancel (no draw). The list
// follows the collection above: any write to it reloads the list.

type Action = "start" | "end" | "reroll" | "cancel";

export type DrawsText = Record<
  | "title" | "intro" | "empty" | "endsIn" | "endedAt" | "timeUp" | "tally" | "winners" | "reroll_round" | "nobodyWon"
  | Action | "starting" | "ending" | "rerolling" | "cancelling"
  | "confirmEnd" | "confirmReroll" | "confirmCancel" | "started" | "ended" | "endedNobody" | "rerolled" | "cancelled" | "open" | "dismiss"
  | `status.${GiveawayStatus}`,
  string
>;

const ACTIONS: Record<GiveawayStatus, Action[]> = { scheduled: ["start", "cancel"], running: ["end", "cancel"], ended: ["reroll"], cancelled: [] };
const BUSY: Record<Action, keyof DrawsText> = { start: "starting", end: "ending", reroll: "rerolling", cancel: "cancelling" };
const CONFIRM: Partial<Record<Action, keyof DrawsText>> = { end: "confirmEnd", reroll: "confirmReroll", cancel: "confirmCancel" };
const BADGE: Record<GiveawayStatus, string> = { scheduled: "badge", running: "badge badge-brand", ended: "badge", cancelled: "badge" };
/** Codes explained under the giveaway: its state (the server words those in the page's language) and posting failures. */
const STATE_CODES = ["giveaway_not_started", "giveaway_not_ended", "giveaway_ended", "giveaway_cancelled", "giveaway_no_entrants_left"];
const POST_CODES = ["rate_limited", "bot_missing_permissions", "channel_required", "invalid_channel", "post_failed"] as const;

type Answer = { giveaway: GiveawayView; channel_id?: string; message_id?: string; winners?: string[] };
type Notice = { ok: boolean; text: string; href?: string };

/** "in 3 days", "2 hours ago" in the page's language, in the largest unit that fits. */
function relative(locale: string, ms: number): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [["day", 86_400_000], ["hour", 3_600_000], ["minute", 60_000]];
  for (const [unit, size] of units) if (Math.abs(ms) >= size) return format.format(Math.round(ms / size), unit);
  return format.format(Math.round(ms / 1000), "second");
}

const TICK = 30_000;
const subscribeClock = (changed: () => void) => {
  const timer = window.setInterval(changed, TICK);
  return () => window.clearInterval(timer);
};
/** The time, to the tick, so React sees the same value until the next one. */
const clockNow = () => Math.floor(Date.now() / TICK) * TICK;

type Props = {
  guildId: string;
  locale: string;
  initial: GiveawayView[];
  channels: Record<string, string>;
  disabled: boolean;
  linkBase: string;
  text: DrawsText;
  errors: ActionText["errors"];
};

export function GiveawayDraws({ guildId, locale, initial, channels, disabled, linkBase, text, errors }: Props) {
  const [list, setList] = useState(initial);
  const [running, setRunning] = useState<{ id: string; action: Action } | null>(null);
  const [notices, setNotices] = useState<Record<string, Notice>>({});
  // Null on the server and while hydrating, so both first renders agree; then it ticks.
  const now = useSyncExternalStore(subscribeClock, clockNow, () => null);
  const base = `/plugins/giveaways/guilds/${guildId}`;

  // Giveaways created, edited or deleted in the collection above.
  useEffect(
    () =>
      onApiWrite((path) => {
        if (!path.startsWith(`${base}/giveaways`) || /\/(start|end|reroll|cancel)$/.test(path)) return;
        apiFetch<{ giveaways: GiveawayView[] }>(`${base}/draws`).then(
          (answer) => setList(answer.giveaways),
          (error: unknown) => reportUnshownError(error),
        );
      }),
    [base],
  );

  const channelName = (id: string) => channels[id] ?? `#${id}`;

  function describe(action: Action, answer: Answer): Notice {
    const channel = answer.channel_id ? channelName(answer.channel_id) : "";
    const href = answer.channel_id && answer.message_id ? `${linkBase}/channels/${guildId}/${answer.channel_id}/${answer.message_id}` : undefined;
    if (action === "start") return { ok: true, text: fill(text.started, { channel }), href };
    if (action === "cancel") return { ok: true, text: text.cancelled };
    if (action === "end" && answer.winners?.length === 0) return { ok: true, text: fill(text.endedNobody, { channel }), href };
    return { ok: true, text: fill(action === "end" ? text.ended : text.rerolled, { channel, count: answer.winners?.length ?? 0 }), href };
  }

  async function run(giveaway: GiveawayView, action: Action) {
    const confirmKey = CONFIRM[action];
    if (running || (confirmKey && !window.confirm(fill(text[confirmKey], { prize: giveaway.prize })))) return;
    setRunning({ id: giveaway.id, action });
    setNotices(({ [giveaway.id]: _previous, ...rest }) => rest);
    let notice: Notice | null = null;
    try {
      const answer = await apiFetch<Answer>(`${base}/giveaways/${giveaway.id}/${action}`, { method: "POST", handles: [...STATE_CODES, ...POST_CODES] });
      setList((current) => current.map((other) => (other.id === giveaway.id ? answer.giveaway : other)));
      notice = describe(action, answer);
    } catch (error) {
      const body = error instanceof TransportError ? error.body : undefined;
      const code = errorCodeOf(body) ?? "";
      if (STATE_CODES.includes(code)) notice = { ok: false, text: error instanceof Error ? error.message : code };
      else if ((POST_CODES as readonly string[]).includes(code)) notice = { ok: false, text: errors[code as (typeof POST_CODES)[number]] };
      else reportUnshownError(error);
    }
    setRunning(null);
    if (notice) setNotices((current) => ({ ...current, [giveaway.id]: notice }));
  }

  function timing(giveaway: GiveawayView): string {
    if (giveaway.status === "ended" || giveaway.status === "cancelled") {
      return giveaway.finished_at && now !== null ? fill(text.endedAt, { time: relative(locale, Date.parse(giveaway.finished_at) - now) }) : "";
    }
    if (now === null) return "";
    const left = Date.parse(giveaway.ends_at) - now;
    return left > 0 ? fill(text.endsIn, { time: relative(locale, left) }) : text.timeUp;
  }

  const names = (giveaway: GiveawayView, round: (value: number) => boolean) =>
    giveaway.winners
      .filter((winner) => round(winner.round))
      .map((winner) => winner.name ?? winner.user_id)
      .join(", ");

  return (
    <section className={collection.section} aria-labelledby="giveaway-draws" data-testid="giveaway-draws">
      <header className={collection.header}>
        <h2 id="giveaway-draws">{text.title}</h2>
      </header>
      <p>{text.intro}</p>
      {list.length === 0 ? (
        <p className={collection.empty}>{text.empty}</p>
      ) : (
        <ul className={collection.items}>
          {list.map((giveaway) => {
            const busy = running?.id === giveaway.id ? running.action : null;
            const notice = notices[giveaway.id];
            const rerolls = [...new Set(giveaway.winners.map((winner) => winner.round).filter((round) => round > 1))];
            return (
              <li key={giveaway.id} className={collection.item} data-giveaway-id={giveaway.id} aria-busy={busy !== null}>
                <span className={collection.itemText}>
                  <span className={collection.itemTitle}>{giveaway.prize}</span>
                  <span className={styles.meta}>
                    <span>{channelName(giveaway.channel_id)}</span>
                    <span>{timing(giveaway)}</span>
                    <span>{fill(text.tally, { entrants: giveaway.entrants, entries: giveaway.entries, winners: giveaway.winner_count })}</span>
                  </span>
                </span>
                <span className={`${BADGE[giveaway.status]} ${styles.status}`}>{text[`status.${giveaway.status}`]}</span>
                <span className={collection.itemActions}>
                  {ACTIONS[giveaway.status].map((action) => (
                    <button
                      key={action}
                      type="button"
                      className={`button button-small ${action === "cancel" ? `button-ghost ${collection.danger}` : "button-secondary"}`}
                      onClick={() => void run(giveaway, action)}
                      disabled={disabled || running !== null}
                      aria-busy={busy === action}
                      aria-label={`${busy === action ? text[BUSY[action]] : text[action]}: ${giveaway.prize}`}
                    >
                      {busy === action ? text[BUSY[action]] : text[action]}
                    </button>
                  ))}
                </span>
                {giveaway.status === "ended" ? (
                  <p className={styles.winners}>
                    {giveaway.winners.some((winner) => winner.round === 1) ? `${text.winners} ${names(giveaway, (round) => round === 1)}` : text.nobodyWon}
                    {rerolls.map((round) => (
                      <span key={round}>
                        {" · "}
                        {fill(text.reroll_round, { round: round - 1 })} {names(giveaway, (value) => value === round)}
                      </span>
                    ))}
                  </p>
                ) : null}
                {notice ? (
                  <p className={`notice ${notice.ok ? collection.noticeOk : "notice-error"} ${collection.itemNotice}`} role={notice.ok ? "status" : "alert"}>
                    <span className={collection.itemNoticeText}>
                      {notice.text}{" "}
                      {notice.href ? (
                        <a href={notice.href} target="_blank" rel="noopener noreferrer">
                          {text.open}
                        </a>
                      ) : null}
                    </span>
                    <button
                      type="button"
                      className={`button button-ghost button-small ${collection.itemNoticeClose}`}
                      onClick={() => setNotices(({ [giveaway.id]: _previous, ...rest }) => rest)}
                      aria-label={text.dismiss}
                    >
                      ×
                    </button>
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
