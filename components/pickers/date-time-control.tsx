"use client";

import { useState } from "react";
import type { ControlProps } from "@/components/settings-form/controls";
import { relativeParts } from "@/lib/time/relative-time";
import { utcToWallClock, wallClockToUtc, type WallClock } from "@/lib/time/wall-clock";
import formStyles from "@/components/settings-form/form.module.css";
import { fillNodes } from "./fill-nodes";
import type { PickerLabels } from "./labels";
import { TimeZoneCombobox } from "./time-zone-combobox";
import { useBrowserZone, useNow } from "./use-hydrated";
import styles from "./pickers.module.css";

type Props = ControlProps<unknown> & {
  text: PickerLabels;
  /** The guild's time zone: where the picker starts when set; else the browser's. */
  guildZone?: string | null;
};

const EMPTY: WallClock = { date: "", time: "" };

/** What the inputs hold while it does not (or not yet) match the stored value: typing half a date, or a time the clocks skip. */
type Draft = { wall: WallClock; forValue: unknown };

function toIso(at: number | null): string | null {
  if (at === null) return null;
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * A moment picked as a date, a time and a time zone; stored as UTC ISO 8601. The inputs are
 * the browser's own (its locale, its keyboard support); a line below says the moment in words
 * in the page's language. Changing the zone keeps the date and time as written.
 */
export function DateTimeControl({ id, field, value, onChange, disabled, invalid, describedBy, labels, text, guildZone }: Props) {
  const browserZone = useBrowserZone();
  const now = useNow();
  const [chosenZone, setChosenZone] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  // Without a guild zone the server cannot know which zone to show: the inputs wait for the browser.
  const zone = chosenZone ?? guildZone ?? browserZone;
  const stored = typeof value === "string" ? Date.parse(value) : Number.NaN;
  const known = !Number.isNaN(stored);
  const fresh = draft && Object.is(draft.forValue, value) ? draft : null;
  const wall = fresh?.wall ?? (zone && known ? utcToWallClock(stored, zone) : EMPTY);
  const lineId = `${id}-when`;

  function write(next: WallClock, inZone: string) {
    const iso = toIso(wallClockToUtc(next, inZone));
    // Half a date is sent as "": the server then explains what is missing instead of keeping the old value.
    const sent = iso ?? (next.date === "" && next.time === "" && field.nullable ? null : "");
    setDraft({ wall: next, forValue: sent });
    onChange(sent);
  }

  function changeZone(next: string) {
    setChosenZone(next);
    if (wall.date || wall.time) write(wall, next);
  }

  const inputProps = { className: `${formStyles.input} ${styles.dateInput}`, disabled: disabled || !zone, "aria-invalid": invalid || undefined };
  return (
    <div className={styles.dateTime}>
      <div className={styles.parts}>
        <div className={styles.part}>
          <label className={styles.partLabel} htmlFor={id}>
            {text.date}
          </label>
          <input id={id} type="date" value={wall.date} onChange={(event) => zone && write({ ...wall, date: event.target.value }, zone)} aria-describedby={[describedBy, lineId].filter(Boolean).join(" ")} {...inputProps} />
        </div>
        <div className={styles.part}>
          <label className={styles.partLabel} htmlFor={`${id}-time`}>
            {text.time}
          </label>
          <input id={`${id}-time`} type="time" value={wall.time} onChange={(event) => zone && write({ ...wall, time: event.target.value }, zone)} aria-describedby={[describedBy, lineId].filter(Boolean).join(" ")} {...inputProps} />
        </div>
      </div>
      <div className={styles.zoneRow}>
        <div className={styles.part}>
          <label className={styles.partLabel} htmlFor={`${id}-zone`}>
            {text.timeZone}
          </label>
          <TimeZoneCombobox id={`${id}-zone`} value={zone} onSelect={changeZone} labels={text} noMatches={labels.noMatches} guildZone={guildZone} disabled={disabled} />
        </div>
        <button type="button" className="button button-ghost button-small" disabled={disabled || !browserZone || zone === browserZone} onClick={() => browserZone && changeZone(browserZone)}>
          {text.useMyTimeZone}
        </button>
      </div>
      <p id={lineId} className={styles.when} aria-live="polite">
        {now === null || !zone ? null : <When at={known ? stored : null} now={now} zone={zone} text={text} incomplete={Boolean(fresh && (wall.date || wall.time) && !known)} />}
      </p>
    </div>
  );
}

/** "Thursday 24 December 2026 at 19:00 (Europe/Paris) — in 29 days", in the page's language. Browser-only: it depends on the clock. */
function When({ at, now, zone, text, incomplete }: { at: number | null; now: number; zone: string; text: PickerLabels; incomplete: boolean }) {
  if (at === null) return incomplete ? <span className={styles.whenWarning}>{text.incomplete}</span> : null;
  // Gregorian like the date input, also where the language's default calendar is another (ar-SA).
  const when = new Intl.DateTimeFormat(text.locale, { dateStyle: "full", timeStyle: "short", timeZone: zone, calendar: "gregory" }).format(at);
  const { value, unit } = relativeParts(at - now);
  const relative = new Intl.RelativeTimeFormat(text.locale, { numeric: "always" }).format(value, unit);
  const past = at <= now;
  return (
    <>
      <span className={past ? styles.whenWarning : undefined}>{fillNodes(text.when, { when, zone, relative })}</span>
      {past ? <span className={styles.whenWarning}> {text.past}</span> : null}
    </>
  );
}
