// A timer's turns: every interval from its anchor, the moment it was last saved (saving a
// timer starts its count again), the first one interval after it. The sweep looks at the
// turn due around now only: a worker that was down for hours posts none of the turns it
// missed, only the next one. Pure: no I/O.

/** How far ahead the minute's sweep claims a turn (posted at its time); less than the deliveries' recovery delay. */
export const TURN_AHEAD_MS = 60_000;
/** How late a turn may still be posted: a sweep delayed or skipped once still posts it. */
export const TURN_LATE_MS = 2 * 60_000;

/** The turn to claim now (null when none is due around now) and the first turn after now. */
export function timerTurns(anchor: Date, intervalMinutes: number, now: Date): { due: Date | null; next: Date } {
  const interval = intervalMinutes * 60_000;
  const firstAfter = (instant: number) => anchor.getTime() + Math.max(1, Math.floor((instant - anchor.getTime()) / interval) + 1) * interval;
  const candidate = firstAfter(now.getTime() - TURN_LATE_MS);
  return { due: candidate <= now.getTime() + TURN_AHEAD_MS ? new Date(candidate) : null, next: new Date(firstAfter(now.getTime())) };
}
