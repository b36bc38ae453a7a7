import { TURN_AHEAD_MS, TURN_LATE_MS, timerTurns } from "./schedule";

const anchor = new Date("2030-01-01T12:00:00.000Z");
const at = (minutes: number, seconds = 0) => new Date(anchor.getTime() + minutes * 60_000 + seconds * 1000);

describe("timerTurns", () => {
  it("first runs one interval after the save, then every interval", () => {
    expect(timerTurns(anchor, 30, at(0))).toEqual({ due: null, next: at(30) });
    expect(timerTurns(anchor, 30, at(29, 30))).toEqual({ due: at(30), next: at(30) });
    expect(timerTurns(anchor, 30, at(59, 1))).toEqual({ due: at(60), next: at(60) });
    expect(timerTurns(anchor, 30, at(45))).toEqual({ due: null, next: at(60) });
  });

  it("claims a turn from a minute ahead until two minutes late, never one missed long ago", () => {
    expect(timerTurns(anchor, 30, new Date(at(30).getTime() - TURN_AHEAD_MS)).due).toEqual(at(30));
    expect(timerTurns(anchor, 30, new Date(at(30).getTime() - TURN_AHEAD_MS - 1)).due).toBeNull();
    expect(timerTurns(anchor, 30, new Date(at(30).getTime() + TURN_LATE_MS - 1))).toEqual({ due: at(30), next: at(60) });
    expect(timerTurns(anchor, 30, new Date(at(30).getTime() + TURN_LATE_MS)).due).toBeNull();
    // Hours later: only the turn around now.
    expect(timerTurns(anchor, 30, at(600, -20))).toEqual({ due: at(600), next: at(600) });
  });

  it("has no turn before the anchor", () => {
    expect(timerTurns(anchor, 10, at(-5))).toEqual({ due: null, next: at(10) });
  });
});
