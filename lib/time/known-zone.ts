// Which time-zone names the runtime knows. Client-safe and free of zod: the pickers use it too.

const known = new Set<string>();

/**
 * Whether `name` is a time zone of this runtime's Intl data (IANA names and "UTC"; case as
 * Intl accepts it). Offsets such as "+01:00" are refused even where newer engines accept them:
 * they carry no DST rules, and the bot needs a named zone.
 */
export function isKnownTimeZone(name: string): boolean {
  // Intl ignores ASCII case; so does the memo, or every casing of a real name would be a new entry.
  // ASCII only: toLowerCase() would fold the Kelvin sign into "k" and let "Asia/\u212Aolkata" through.
  const key = name.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  if (known.has(key)) return true;
  if (!/^[A-Za-z]/.test(name) || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
  } catch {
    return false;
  }
  // Only names that exist are remembered, so made-up input cannot grow the set.
  known.add(key);
  return true;
}

/** The runtime's own spelling of a zone ("asia/kolkata" → "Asia/Kolkata" or its older "Asia/Calcutta"), to compare names. */
export function canonicalTimeZone(name: string): string | null {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The zone this browser (or server) runs in; "UTC" when the runtime does not say. */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}
