// YouTube gives a video's length as an ISO 8601 duration (contentDetails.duration): PT3M5S,
// PT1H2M7S, P1DT2H for the longest, P0D for a live stream, which has none.
const DURATION = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;

/** The duration in seconds; null when the text is not one (or names no part at all, as "P" or "PT"). */
export function isoDurationSeconds(text: string): number | null {
  const match = DURATION.exec(text);
  if (!match || text === "P" || text.endsWith("T")) return null;
  const [weeks = 0, days = 0, hours = 0, minutes = 0, seconds = 0] = match.slice(1).map((part) => Number(part ?? 0));
  return (((weeks * 7 + days) * 24 + hours) * 60 + minutes) * 60 + seconds;
}
