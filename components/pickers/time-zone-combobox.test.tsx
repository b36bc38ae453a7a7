/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { TimeZoneCombobox } from "./time-zone-combobox";
import { pickerLabels } from "./test-labels";

// The browser's zone for this file.
jest.mock("@/lib/time/known-zone", () => ({ ...jest.requireActual("@/lib/time/known-zone"), localTimeZone: () => "America/New_York" }));

function renderPicker(initial: string | null, guildZone: string | null = null) {
  const picked: string[] = [];
  function Owner() {
    const [value, setValue] = useState(initial);
    return (
      <>
        <label htmlFor="zone">Time zone</label>
        <TimeZoneCombobox
          id="zone"
          value={value}
          onSelect={(zone) => {
            picked.push(zone);
            setValue(zone);
          }}
          labels={pickerLabels}
          noMatches="Nothing matches"
          guildZone={guildZone}
        />
      </>
    );
  }
  render(<Owner />);
  return picked;
}

const input = () => screen.getByRole("combobox", { name: "Time zone" }) as HTMLInputElement;
const options = () => screen.queryAllByRole("option").map((option) => option.textContent);

function open() {
  act(() => input().focus());
  fireEvent.keyDown(input(), { key: "ArrowDown" });
}
function search(text: string) {
  fireEvent.change(input(), { target: { value: text } });
}

beforeAll(() => {
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
});
beforeEach(() => {
  // Northern winter: Paris is UTC+01:00, New York UTC-05:00 (and Chatham, in its summer, UTC+13:45).
  jest.spyOn(Date, "now").mockReturnValue(Date.parse("2026-01-15T12:00:00Z"));
});
afterEach(() => jest.restoreAllMocks());

describe("TimeZoneCombobox", () => {
  it("shows the chosen zone with its offset and city", () => {
    renderPicker("Europe/Paris");
    expect(input().value).toBe("\u200E(UTC+01:00) Paris — Europe/Paris");
  });

  it("offers the user's own zone first, then the server's, then every offset in order", () => {
    renderPicker("UTC", "Asia/Tokyo");
    open();
    const shown = options();
    expect(shown[0]).toBe("\u200E(UTC-05:00) New York" + `${pickerLabels.yourTimeZone} · America/New_York`);
    expect(shown[1]).toBe("\u200E(UTC+09:00) Tokyo" + `${pickerLabels.serverTimeZone} · Asia/Tokyo`);
    // The first run after them covers every offset from UTC-11:00 to UTC+14:00, in order.
    expect(shown[2]).toContain("UTC");
    const offsets = shown.slice(3).map((text) => /UTC([+-]\d\d:\d\d)/.exec(text ?? "")?.[1] ?? "");
    const firstRun = offsets.slice(0, offsets.findIndex((offset, index) => index > 0 && toMinutes(offset) < toMinutes(offsets[index - 1]!)));
    expect(firstRun.length).toBeGreaterThan(36);
    expect(firstRun).toEqual(expect.arrayContaining(["-11:00", "-03:30", "+00:00", "+05:30", "+05:45", "+13:45", "+14:00"]));
  });

  it.each([
    ["a city", "paris", "Europe/Paris"],
    ["a city of two words", "buenos aires", "America/Argentina/Buenos_Aires"],
    ["a renamed city by today's name", "kathmandu", "Asia/Kathmandu"],
    ["a zone name", "america/st_j", "America/St_Johns"],
    ["an offset", "+05:45", "Asia/Kathmandu"],
    ["UTC", "utc+00:00) utc", "UTC"],
  ])("finds %s and picks it with the keyboard", (_what, query, zone) => {
    const picked = renderPicker(null);
    open();
    search(query);
    expect(options()[0]).toContain(zone);
    fireEvent.keyDown(input(), { key: "Enter" });
    expect(picked).toEqual([zone]);
    expect(input().value).toContain(zone === "UTC" ? "(UTC+00:00) UTC" : zone);
  });

  it("moves through the matches with the arrow keys", () => {
    const picked = renderPicker(null);
    open();
    search("america/st_");
    const matches = options();
    expect(matches.length).toBeGreaterThan(1);
    fireEvent.keyDown(input(), { key: "ArrowDown" });
    fireEvent.keyDown(input(), { key: "Enter" });
    expect(matches[1]).toContain(picked[0]!);
  });

  it("says so when nothing matches", () => {
    renderPicker(null);
    open();
    search("atlantis");
    expect(options()).toEqual([]);
    expect(screen.getByText("Nothing matches")).toBeTruthy();
  });
});

function toMinutes(offset: string): number {
  const [hours = 0, minutes = 0] = offset.slice(1).split(":").map(Number);
  return (offset.startsWith("-") ? -1 : 1) * (hours * 60 + minutes);
}
