"use client";

import { useEffect, useId, useState } from "react";
import { fill } from "@/lib/i18n/fill";
import formStyles from "@/components/settings-form/form.module.css";
import { apiFetch } from "@/lib/http/client-fetch";
import styles from "@/components/plugin-tools.module.css";

export type UpcomingText = {
  range: string;
  loading: string;
  loadFailed: string;
  retry: string;
  /** {days} */
  empty: string;
  /** {days} */
  days: string;
  /** {id} */
  unknownMember: string;
  /** {age} */
  turns: string;
  /** {zone} */
  zone: string;
};

type Birthday = { user_id: string; name: string | null; date: string; time_zone: string; days_until: number; age: number | null };

const RANGES = [7, 30, 90] as const;

/** Birthdays coming up, soonest first in each member's own time zone, over a chosen number of days. */
export function UpcomingBirthdays({ guildId, locale, text }: { guildId: string; locale: string; text: UpcomingText }) {
  const id = useId();
  const [days, setDays] = useState<number>(30);
  // Each answer remembers what it answers: a newer range or a retry shows "loading" until its own arrives.
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<{ days: number; attempt: number; list: Birthday[] | "failed" } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    apiFetch<{ birthdays: Birthday[] }>(`/plugins/birthdays/guilds/${guildId}/upcoming?days=${days}`, { silent: true, signal: controller.signal })
      .then((found) => setAnswer({ days, attempt, list: found.birthdays }))
      .catch(() => {
        if (!controller.signal.aborted) setAnswer({ days, attempt, list: "failed" });
      });
    return () => controller.abort();
  }, [guildId, days, attempt]);
  const list = answer && answer.days === days && answer.attempt === attempt ? answer.list : null;

  // The stored date is the member's local calendar day: drawn as that day, whatever the viewer's zone.
  const dateText = new Intl.DateTimeFormat(locale, { month: "long", day: "numeric", timeZone: "UTC" });
  const when = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });

  return (
    <div className={styles.part}>
      <div className={styles.field}>
        <label htmlFor={`${id}-range`}>{text.range}</label>
        <select id={`${id}-range`} className={`${formStyles.input} ${formStyles.select}`} value={days} onChange={(event) => setDays(Number(event.target.value))}>
          {RANGES.map((range) => (
            <option key={range} value={range}>
              {fill(text.days, { days: range })}
            </option>
          ))}
        </select>
      </div>
      {list === null ? (
        <p role="status" className={styles.muted}>
          {text.loading}
        </p>
      ) : list === "failed" ? (
        <p className="notice notice-error">
          {text.loadFailed}{" "}
          <button type="button" className="button button-ghost button-small" onClick={() => setAttempt((count) => count + 1)}>
            {text.retry}
          </button>
        </p>
      ) : list.length === 0 ? (
        <p className={styles.muted}>{fill(text.empty, { days })}</p>
      ) : (
        <ol className={styles.rows} data-testid="upcoming-birthdays">
          {list.map((birthday) => (
            <li key={birthday.user_id}>
              <span className={styles.name}>{birthday.name ?? fill(text.unknownMember, { id: birthday.user_id })}</span>
              <span className={styles.muted}>
                {dateText.format(new Date(`${birthday.date}T00:00:00Z`))} · {when.format(birthday.days_until, "day")}
                {birthday.age !== null ? ` · ${fill(text.turns, { age: birthday.age })}` : ""}
              </span>
              <span className={styles.muted} title={fill(text.zone, { zone: birthday.time_zone })}>
                {birthday.time_zone}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
