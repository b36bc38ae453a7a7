"use client";

import { fill } from "@/lib/i18n/fill";
import type { CustomBotDetails } from "@/lib/custom-bot/view";
import type { CustomBotText } from "./text";
import panelStyles from "@/components/action-panel/action-panel.module.css";
import styles from "./custom-bot.module.css";

type Props = { bot: CustomBotDetails; text: CustomBotText; dateTag: string };

/** Who the custom bot is and how it runs: avatar, name, id, status (and why it is off), its last error. Never its token. */
export function BotCard({ bot, text, dateTag }: Props) {
  const date = (iso: string) => new Intl.DateTimeFormat(dateTag, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
  return (
    <section className={panelStyles.card} aria-labelledby="custom-bot-card-title" data-testid="custom-bot-card">
      <div className={panelStyles.header}>
        <h2 id="custom-bot-card-title">{text.card.title}</h2>
      </div>
      <div className={styles.identity}>
        {/* The platform's CDN, as every avatar the dashboard shows. */}
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img className={styles.avatar} src={bot.avatar_url} alt={fill(text.card.avatarAlt, { name: bot.name })} width={64} height={64} />
        <div className={styles.who}>
          <p className={styles.name} data-testid="custom-bot-name">
            <bdi>{bot.name}</bdi>
          </p>
          <p className={panelStyles.muted}>{fill(text.card.id, { id: bot.id })}</p>
          <p className={styles.status}>
            <span className={`badge ${bot.status === "active" ? "badge-brand" : ""}`} data-testid="custom-bot-status" data-status={bot.status}>
              {text.card.status[bot.status]}
            </span>{" "}
            <span className={panelStyles.muted}>{fill(text.card.since, { date: date(bot.status_changed_at) })}</span>
          </p>
          {bot.status_reason && bot.status !== "active" ? <p className={panelStyles.muted}>{text.card.reason[bot.status_reason]}</p> : null}
          {bot.last_error ? (
            <p className={styles.lastError} data-testid="custom-bot-last-error">
              {fill(text.card.lastError, { date: date(bot.last_error.at), message: bot.last_error.message })}
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
