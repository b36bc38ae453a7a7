import type { PaletteName } from "./palette";

/** Strings of the date-time, time-zone and colour pickers (messages "pickers"); templates keep their {placeholders}. */
export type PickerLabels = {
  /** BCP 47 tag dates are written in: the page's language. */
  locale: string;
  date: string;
  time: string;
  timeZone: string;
  useMyTimeZone: string;
  searchTimeZone: string;
  yourTimeZone: string;
  serverTimeZone: string;
  /** "{when} ({zone}) — {relative}" */
  when: string;
  incomplete: string;
  past: string;
  standardColors: string;
  roleColors: string;
  colors: Record<PaletteName, string>;
};
