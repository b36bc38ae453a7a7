import { fill } from "@/lib/i18n/fill";
import type { CaseView } from "@/lib/moderation/cases";
import type { ModerationText } from "./text";

// How the moderation islands write dates, lengths and people. Dates are in the server's time
// zone (as the audit log's), so the server's render and the browser's agree to the minute.

/** What a list shows of a case: the server sends no more of the first page (the dialog reads the rest). */
export type ListedCase = Pick<CaseView, "id" | "type" | "target" | "moderator" | "reason" | "duration_seconds" | "expires_at" | "pardoned" | "created_at">;

export const listedCase = ({ id, type, target, moderator, reason, duration_seconds, expires_at, pardoned, created_at }: CaseView): ListedCase => ({
  id,
  type,
  target,
  moderator,
  reason,
  duration_seconds,
  expires_at,
  pardoned,
  created_at,
});

export type Formats = {
  date: (iso: string) => string;
  /** A length in the largest unit that divides it: "15 minutes", "2 hours", "28 days". */
  duration: (seconds: number) => string;
};

const UNITS = [
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
] as const;

export function formats(locale: string, timeZone: string): Formats {
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone });
  return {
    date: (iso) => dates.format(new Date(iso)),
    duration: (seconds) => {
      const [unit, size] = UNITS.find(([, length]) => seconds >= length && seconds % length === 0) ?? ["second", 1];
      return new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "long" }).format(seconds / size);
    },
  };
}

/** Who made a case: a dashboard user by name, the bot, or someone in the platform's own client. */
export function moderatorLabel(moderator: CaseView["moderator"], text: ModerationText): string {
  if (moderator.kind === "bot") return text.people.bot;
  if (moderator.kind === "platform") return moderator.name ? fill(text.people.platform, { name: moderator.name }) : text.people.platformSomeone;
  return moderator.name ?? fill(text.people.unknown, { id: moderator.id ?? "?" });
}

/** A member by the name the case kept, or their id when it kept none. */
export function userLabel(user: { id: string; name: string | null }, text: ModerationText): string {
  return user.name ?? fill(text.people.unknown, { id: user.id });
}
