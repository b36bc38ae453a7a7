"use client";

import Link from "next/link";
import { LinkPending } from "@/components/link-pending";
import useSWR from "swr";
import { loginUrlFor } from "@/lib/auth/redirect";
import { apiFetchMaybeStale, TransportError } from "@/lib/http/client-fetch";
import type { GuildSummary } from "@/lib/guilds/user-guilds";
import type { Locale } from "@/lib/i18n/locales";
import { GetStarted, type GetStartedLabels } from "@/components/onboarding/get-started";
import { AddBotButton } from "./add-bot-button";
import { GuildCard } from "./guild-card";
import styles from "./dashboard.module.css";

export type GuildListLabels = {
  loading: string;
  retry: string;
  withBot: string;
  withoutBot: string;
  configure: string;
  addBot: string;
  addBotWaiting: string;
  owner: string;
  manager: string;
  noGuildsTitle: string;
  noGuildsBody: string;
  staleNotice: string;
  platformError: string;
};

type Props = { locale: Locale; cdnBase: string; labels: GuildListLabels; getStarted: GetStartedLabels };

const PLACEHOLDER_CARDS = 3;
/** Past the server's memory of a platform failure (lib/platform/cache.ts FAILURE_BACKOFF_MS). */
const RETRY_EVERY_MS = 6_000;
const AUTOMATIC_RETRIES = 5;

// The servers the signed-in user manages. An island: the page around it is the same for
// everyone and served prerendered; the list is one indexed read and one cached platform
// list behind /api/users/@me/managed-guilds (middleware already sent signed-out visitors
// to the login page; a session that ended since then is sent there from here).
const isSignedOut = (failure: unknown) => failure instanceof TransportError && failure.status === 401;

export function GuildList({ locale, cdnBase, labels, getStarted }: Props) {
  const { data, isLoading, isValidating, mutate } = useSWR("/users/@me/managed-guilds", (path: string) => apiFetchMaybeStale<GuildSummary[]>(path, { silent: true }), {
    revalidateOnFocus: true,
    onError: (failure: unknown) => {
      if (isSignedOut(failure)) window.location.assign(loginUrlFor(locale, `/${locale}/dashboard`));
    },
    // An outage heals by itself: look again a few times; the button is there meanwhile.
    onErrorRetry: (failure: unknown, _key, _config, revalidate, { retryCount }) => {
      if (isSignedOut(failure) || retryCount > AUTOMATIC_RETRIES) return;
      setTimeout(() => void revalidate({ retryCount }), RETRY_EVERY_MS);
    },
  });

  if (isLoading) {
    return (
      <div className={styles.section} aria-busy="true">
        <p className="visually-hidden" role="status">
          {labels.loading}
        </p>
        <ul className={styles.grid} aria-hidden="true">
          {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
            <li key={index} className={`${styles.card} ${styles.placeholder}`} />
          ))}
        </ul>
      </div>
    );
  }

  if (!data) {
    return (
      <div className={`notice notice-error ${styles.failure}`} role="alert">
        <p>{labels.platformError}</p>
        <button type="button" className="button button-secondary button-small" onClick={() => void mutate()} disabled={isValidating} aria-busy={isValidating}>
          {labels.retry}
        </button>
      </div>
    );
  }

  const present = data.data.filter((guild) => guild.bot_present);
  const absent = data.data.filter((guild) => !guild.bot_present);
  const role = (guild: GuildSummary) => (guild.owner ? labels.owner : labels.manager);
  return (
    <>
      {data.stale ? <p className="notice notice-warning">{labels.staleNotice}</p> : null}
      <GetStarted locale={locale} firstGuild={present[0] ? { id: present[0].id, name: present[0].name } : null} labels={getStarted} />
      {data.data.length === 0 ? (
        <section className={styles.empty}>
          <h2>{labels.noGuildsTitle}</h2>
          <p>{labels.noGuildsBody}</p>
        </section>
      ) : null}

      {present.length > 0 ? (
        <section aria-labelledby="with-bot" className={styles.section} data-testid="guilds-with-bot">
          <h2 id="with-bot" className={styles.sectionTitle}>
            {labels.withBot} <span className="badge">{present.length}</span>
          </h2>
          <ul className={styles.grid}>
            {present.map((guild) => (
              <GuildCard
                key={guild.id}
                guild={guild}
                cdnBase={cdnBase}
                role={role(guild)}
                action={
                  <Link
                    className="button button-primary button-small"
                    href={`/${locale}/dashboard/${guild.id}`}
                    // Prefetching every server in view would make each visit here ask the platform about all of them.
                    prefetch={false}
                    aria-label={`${labels.configure}: ${guild.name}`}
                  >
                    {labels.configure}
                    <LinkPending />
                  </Link>
                }
              />
            ))}
          </ul>
        </section>
      ) : null}

      {absent.length > 0 ? (
        <section aria-labelledby="without-bot" className={styles.section} data-testid="guilds-without-bot">
          <h2 id="without-bot" className={styles.sectionTitle}>
            {labels.withoutBot} <span className="badge">{absent.length}</span>
          </h2>
          <ul className={styles.grid}>
            {absent.map((guild) => (
              <GuildCard
                key={guild.id}
                guild={guild}
                cdnBase={cdnBase}
                role={role(guild)}
                muted
                action={<AddBotButton guildId={guild.id} guildName={guild.name} locale={locale} labels={{ add: labels.addBot, waiting: labels.addBotWaiting }} />}
              />
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
