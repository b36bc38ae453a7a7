import type { ComboOption } from "@/components/settings-form/combobox";
import { canonicalTimeZone, isKnownTimeZone } from "@/lib/time/known-zone";
import { modernZoneName } from "@/lib/time/modern-zone";
import { formatUtcOffset, zoneOffsetMinutes } from "@/lib/time/zone-offset";

// The time-zone list: every zone this browser knows (Intl.supportedValuesOf), with the offset
// it has now and a city, sorted by offset. Nothing is bundled: Intl holds the data.

export type ZoneEntry = { zone: string; offset: number; city: string };

// Well-known zones, shown first so that every offset can be reached by scrolling: the shared
// combobox draws only the first 150 options of a list, and the ~420 zones sorted by offset would
// stop around UTC-03:00. Typing searches all of them.
const COMMON = [
  "Pacific/Pago_Pago", "Pacific/Honolulu", "Pacific/Marquesas", "America/Anchorage", "America/Los_Angeles", "America/Phoenix", "America/Denver",
  "America/Chicago", "America/Mexico_City", "America/New_York", "America/Bogota", "America/Caracas", "America/Halifax", "America/Santiago",
  "America/St_Johns", "America/Sao_Paulo", "America/Argentina/Buenos_Aires", "Atlantic/South_Georgia", "Atlantic/Azores", "Atlantic/Cape_Verde",
  "UTC", "Europe/London", "Africa/Lagos", "Europe/Paris", "Europe/Berlin", "Europe/Madrid", "Africa/Cairo", "Africa/Johannesburg", "Europe/Athens",
  "Europe/Kyiv", "Europe/Istanbul", "Europe/Moscow", "Asia/Riyadh", "Africa/Nairobi", "Asia/Tehran", "Asia/Dubai", "Asia/Kabul", "Asia/Karachi",
  "Asia/Kolkata", "Asia/Kathmandu", "Asia/Dhaka", "Asia/Yangon", "Asia/Bangkok", "Asia/Jakarta", "Asia/Shanghai", "Asia/Singapore", "Asia/Taipei",
  "Australia/Perth", "Australia/Eucla", "Asia/Tokyo", "Asia/Seoul", "Australia/Darwin", "Australia/Adelaide", "Australia/Brisbane",
  "Australia/Sydney", "Australia/Lord_Howe", "Pacific/Noumea", "Pacific/Auckland", "Pacific/Fiji", "Pacific/Chatham", "Pacific/Tongatapu",
  "Pacific/Kiritimati",
];

/** "America/Argentina/Buenos_Aires" → "Buenos Aires". */
export function cityOf(zone: string): string {
  return (zone.split("/").pop() ?? zone).replace(/_/g, " ");
}

function supportedZones(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: "timeZone") => string[] }).supportedValuesOf;
  // UTC is not in the list (it is not a region), but people look for it.
  return [...new Set(["UTC", ...(supported ? supported("timeZone") : COMMON).map(modernZoneName)])];
}

const entryOf = (zone: string, at: number): ZoneEntry => ({ zone, offset: zoneOffsetMinutes(zone, at), city: cityOf(zone) });

let cached: { at: number; entries: ZoneEntry[] } | undefined;
// Offsets change at DST transitions: a list older than this is computed again.
const FRESH_FOR = 10 * 60_000;

/** Every zone with its offset at `at`, sorted by offset then city. */
export function allZones(at: number): ZoneEntry[] {
  if (cached && Math.abs(at - cached.at) < FRESH_FOR) return cached.entries;
  const entries = supportedZones()
    .filter(isKnownTimeZone)
    .map((zone) => entryOf(zone, at))
    .sort((a, b) => a.offset - b.offset || a.city.localeCompare(b.city, "en"));
  cached = { at, entries };
  return entries;
}

// U+200E: the label starts with "(", which a right-to-left page would otherwise mirror to its far end.
const LTR = "\u200E";

/** "(UTC+01:00) Paris" */
export function zoneLabel(entry: ZoneEntry): string {
  return `${LTR}(${formatUtcOffset(entry.offset)}) ${entry.city}`;
}

/** What the closed combobox shows: "(UTC+01:00) Paris — Europe/Paris"; a zone Intl does not know stays as typed. */
export function zoneDisplay(zone: string, at: number): string {
  if (!isKnownTimeZone(zone)) return zone;
  const entry = entryOf(zone, at);
  return entry.city === zone ? zoneLabel(entry) : `${zoneLabel(entry)} — ${zone}`;
}

/** The list entry for a zone, matched through aliases (Asia/Calcutta is Asia/Kolkata); null when unknown. */
export function findZone(entries: readonly ZoneEntry[], zone: string, at: number): ZoneEntry | null {
  const canonical = canonicalTimeZone(zone);
  if (!canonical) return null;
  const names = new Set([zone, modernZoneName(zone), canonical, modernZoneName(canonical)]);
  return entries.find((entry) => names.has(entry.zone)) ?? entryOf(zone, at);
}

type Notes = { yourTimeZone: string; serverTimeZone: string };

/**
 * Options for the combobox: the user's own zone first, then the server's, then the current value
 * when it is in neither place; then the common zones and every other one, each run by offset.
 */
export function zoneOptions(entries: readonly ZoneEntry[], at: number, zones: { own: string | null; guild?: string | null; value?: string | null }, notes: Notes): ComboOption[] {
  const options: ComboOption[] = [];
  const taken = new Set<string>();
  const add = (entry: ZoneEntry | null, note?: string) => {
    if (!entry || taken.has(entry.zone)) return;
    taken.add(entry.zone);
    options.push({ value: entry.zone, label: zoneLabel(entry), hint: note ? `${note} · ${entry.zone}` : entry.zone });
  };
  if (zones.own) add(findZone(entries, zones.own, at), notes.yourTimeZone);
  if (zones.guild) add(findZone(entries, zones.guild, at), notes.serverTimeZone);
  if (zones.value) add(findZone(entries, zones.value, at));
  const first = entries.filter((entry) => COMMON.includes(entry.zone));
  // Offsets no common zone has still get one entry in the first run.
  const covered = new Set(first.map((entry) => entry.offset));
  for (const entry of entries) {
    if (!covered.has(entry.offset)) {
      covered.add(entry.offset);
      first.push(entry);
    }
  }
  first.sort((a, b) => a.offset - b.offset || a.city.localeCompare(b.city, "en"));
  for (const entry of first) add(entry);
  for (const entry of entries) add(entry);
  return options;
}
