"use client";

import { useEffect } from "react";
import useSWR from "swr";
import { apiFetch, onApiWrite } from "@/lib/http/client-fetch";
import type { DeliveryLog as Log, DeliveryLogRow } from "@/lib/deliveries/log";
import { relativeParts } from "@/lib/time/relative-time";
import { fill } from "@/lib/i18n/fill";
import { useNow } from "@/components/pickers/use-hydrated";
import { Spinner } from "@/components/spinner";
import { DeliveryLogFrame, type DeliveryLogText } from "./delivery-log-frame";
import styles from "./delivery-log.module.css";

// What ran by itself and what did not: asked when the page opens (the page itself is cached and
// would show an old log), after each save of the plugin's items, and every 15 seconds while it
// stays open, so a post shows up without a reload. A failure to load says so with a retry, never a modal over the form.


const REFRESH_MS = 15_000;

function when(locale: string, iso: string | null, never: string, now: number): string {
  if (!iso) return never;
  const { value, unit } = relativeParts(Date.parse(iso) - now);
  return new Intl.RelativeTimeFormat(locale, { numeric: "auto" }).format(value, unit);
}

function errorText(text: DeliveryLogText, error: NonNullable<DeliveryLogRow["error"]>): string {
  return fill(text.errors[error.code] ?? text.errors.platform_unavailable ?? error.code, error.values);
}

export function DeliveryLog({ guildId, pluginId, locale, text }: { guildId: string; pluginId: string; locale: string; text: DeliveryLogText }) {
  const { data, error, isLoading, mutate } = useSWR(["delivery-log", guildId, pluginId] as const, () => apiFetch<Log>(`/plugins/${pluginId}/guilds/${guildId}/deliveries`, { silent: true }), {
    refreshInterval: REFRESH_MS,
    shouldRetryOnError: false,
  });
  // Saving an item of this plugin (a new subscription, a timer) changes what the log lists: asked again at once.
  useEffect(() => onApiWrite((path) => void (path.startsWith(`/plugins/${pluginId}/`) && mutate())), [pluginId, mutate]);
  // The log is asked in the browser only, after hydration: the clock is there by then.
  const now = useNow() ?? 0;
  const absolute = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  const title = (iso: string | null) => (iso ? absolute.format(new Date(iso)) : undefined);

  return (
    <DeliveryLogFrame pluginId={pluginId} text={text} busy={isLoading}>
      {data?.provider ? (
        <p className="notice notice-warning" role="status">
          {fill(text.providerWaiting, { when: when(locale, data.provider.backed_off_until, text.never, now) })}
        </p>
      ) : null}
      {isLoading ? (
        <Spinner label={text.loading} showLabel />
      ) : error && !data ? (
        <p role="alert" className={styles.muted}>
          {text.failed}{" "}
          <button type="button" className="button button-small" onClick={() => void mutate()}>
            {text.retry}
          </button>
        </p>
      ) : data ? (
        <div className={styles.scroll}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{text.item}</th>
                <th scope="col">{text.lastChecked}</th>
                <th scope="col">{text.lastPosted}</th>
                <th scope="col">{text.nextRun}</th>
                <th scope="col">{text.status}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={row.item_id || "plugin"} data-testid="delivery-log-row">
                  <th scope="row">
                    <bdi>{row.title || (row.part ? (text.parts[row.part] ?? row.part) : text.wholePlugin)}</bdi>
                  </th>
                  <td data-label={text.lastChecked}>
                    <time dateTime={row.last_checked_at ?? undefined} title={title(row.last_checked_at)}>
                      {when(locale, row.last_checked_at, text.never, now)}
                    </time>
                  </td>
                  <td data-label={text.lastPosted}>
                    <time dateTime={row.last_posted_at ?? undefined} title={title(row.last_posted_at)}>
                      {when(locale, row.last_posted_at, text.never, now)}
                    </time>
                    {row.message_url ? (
                      <>
                        {" · "}
                        <a href={row.message_url} target="_blank" rel="noopener noreferrer">
                          {text.openMessage}
                        </a>
                      </>
                    ) : null}
                  </td>
                  <td data-label={text.nextRun}>
                    <time dateTime={row.next_run_at ?? undefined} title={title(row.next_run_at)}>
                      {row.paused ? text.paused : row.next_run_at && Date.parse(row.next_run_at) <= now ? text.soon : when(locale, row.next_run_at, "—", now)}
                    </time>
                  </td>
                  <td data-label={text.status} className={row.error ? styles.error : undefined}>{row.error ? errorText(text, row.error) : text.ok}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </DeliveryLogFrame>
  );
}
