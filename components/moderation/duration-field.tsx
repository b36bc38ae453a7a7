"use client";

import { useId } from "react";
import type { ModerationText } from "./text";
import styles from "./moderation.module.css";

// How long a timeout lasts: a number and its unit (minutes, hours, days), up to the
// platform's 28 days.

export type Duration = { amount: string; unit: number };

const MAX_MINUTES = 28 * 24 * 60;
const UNITS = [
  [1, "minutes"],
  [60, "hours"],
  [1_440, "days"],
] as const;

/** The length in minutes, or null when it is not a whole number of minutes from 1 to 28 days. */
export function durationMinutes({ amount, unit }: Duration): number | null {
  const minutes = Number(amount) * unit;
  return amount.trim() !== "" && Number.isInteger(minutes) && minutes >= 1 && minutes <= MAX_MINUTES ? minutes : null;
}

/** A length in minutes in the largest unit that divides it (60 → 1 hour). */
export function durationOf(minutes: number): Duration {
  const [unit] = [...UNITS].reverse().find(([size]) => minutes % size === 0) ?? UNITS[0];
  return { amount: String(minutes / unit), unit };
}

type Props = { value: Duration; onChange: (value: Duration) => void; invalid: boolean; disabled: boolean; text: ModerationText["act"] };

export function DurationField({ value, onChange, invalid, disabled, text }: Props) {
  const ids = useId();
  return (
    <fieldset className={styles.duration} aria-describedby={`${ids}-hint`}>
      <legend>{text.duration}</legend>
      <input
        type="number"
        className="input"
        min={1}
        step={1}
        inputMode="numeric"
        value={value.amount}
        aria-label={text.duration}
        aria-invalid={invalid}
        onChange={(event) => onChange({ ...value, amount: event.target.value })}
        disabled={disabled}
      />
      <select className="input" value={value.unit} aria-label={text.durationUnit} onChange={(event) => onChange({ ...value, unit: Number(event.target.value) })} disabled={disabled}>
        {UNITS.map(([size, label]) => (
          <option key={size} value={size}>
            {text[label]}
          </option>
        ))}
      </select>
      <small id={`${ids}-hint`} className={invalid ? styles.error : undefined}>
        {invalid ? text.durationInvalid : text.durationHint}
      </small>
    </fieldset>
  );
}
