/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import type { FormField } from "@/components/settings-form/types";
import { DateTimeControl } from "./date-time-control";
import { formLabels, pickerLabels } from "./test-labels";

// The browser's zone for this file.
jest.mock("@/lib/time/known-zone", () => ({ ...jest.requireActual("@/lib/time/known-zone"), localTimeZone: () => "America/New_York" }));

const FIELD: FormField = { name: "ends_at", type: "string", ui: "datetime", required: true, maxLength: 40, default: null };
const NOW = Date.parse("2026-11-25T12:00:00Z");

/** The control inside a form-like owner that keeps every value it was given. */
function renderControl(initial: unknown, guildZone: string | null, field = FIELD) {
  const changes: unknown[] = [];
  function Owner() {
    const [value, setValue] = useState(initial);
    return (
      <DateTimeControl
        id="ends"
        field={field}
        value={value}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
        labels={formLabels}
        text={pickerLabels}
        guildZone={guildZone}
      />
    );
  }
  render(<Owner />);
  return { changes, last: () => changes.at(-1) };
}

const dateInput = () => screen.getByLabelText("Date") as HTMLInputElement;
const timeInput = () => screen.getByLabelText("Time") as HTMLInputElement;
const zoneInput = () => screen.getByRole("combobox", { name: "Time zone" }) as HTMLInputElement;
const line = () => document.getElementById("ends-when")!;

beforeAll(() => {
  // jsdom does not lay out, so it has no scrollIntoView.
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
});
beforeEach(() => {
  jest.spyOn(Date, "now").mockReturnValue(NOW);
});
afterEach(() => jest.restoreAllMocks());

describe("DateTimeControl", () => {
  it("stores UTC for a date and time typed in the guild's zone (Europe/Paris)", () => {
    const { changes, last } = renderControl(null, "Europe/Paris");
    expect(zoneInput().value).toBe("\u200E(UTC+01:00) Paris — Europe/Paris");
    fireEvent.change(dateInput(), { target: { value: "2026-12-24" } });
    // Half a moment is sent as "" so the server explains what is missing.
    expect(changes).toEqual([""]);
    expect(line().textContent).toBe(pickerLabels.incomplete);
    fireEvent.change(timeInput(), { target: { value: "19:00" } });
    expect(last()).toBe("2026-12-24T18:00:00.000Z");
    expect(dateInput().value).toBe("2026-12-24");
    expect(timeInput().value).toBe("19:00");
    expect(line().textContent).toBe("Thursday, December 24, 2026 at 7:00 PM (Europe/Paris) — in 29 days");
  });

  it("reads summer time on the other side of the DST change", () => {
    const { last } = renderControl(null, "Europe/Paris");
    fireEvent.change(dateInput(), { target: { value: "2026-03-29" } });
    fireEvent.change(timeInput(), { target: { value: "03:30" } });
    expect(last()).toBe("2026-03-29T01:30:00.000Z");
    expect(line().textContent).toContain("ago");
    expect(line().textContent).toContain(pickerLabels.past);
  });

  it("shows a stored moment in the guild's zone", () => {
    renderControl("2026-12-24T18:00:00.000Z", "Asia/Kathmandu");
    expect([dateInput().value, timeInput().value]).toEqual(["2026-12-24", "23:45"]);
    expect(line().textContent).toBe("Thursday, December 24, 2026 at 11:45 PM (Asia/Kathmandu) — in 29 days");
  });

  it("starts in the browser's zone when the guild has none", () => {
    renderControl("2026-12-24T18:00:00.000Z", null);
    expect([dateInput().value, timeInput().value]).toEqual(["2026-12-24", "13:00"]);
    expect(zoneInput().value).toBe("\u200E(UTC-05:00) New York — America/New_York");
    expect((screen.getByRole("button", { name: pickerLabels.useMyTimeZone }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("'Use my time zone' keeps the date and time as written and reads them in the browser's zone", () => {
    const { last } = renderControl("2026-12-24T18:00:00.000Z", "Europe/Paris");
    expect(timeInput().value).toBe("19:00");
    const button = screen.getByRole("button", { name: pickerLabels.useMyTimeZone }) as HTMLButtonElement;
    fireEvent.click(button);
    // 19:00 in New York (UTC-05:00).
    expect(last()).toBe("2026-12-25T00:00:00.000Z");
    expect([dateInput().value, timeInput().value]).toEqual(["2026-12-24", "19:00"]);
    expect(zoneInput().value).toContain("America/New_York");
    expect(line().textContent).toContain("(America/New_York)");
    expect(button.disabled).toBe(true);
  });

  it("picking another zone from the list re-reads the same date and time there", () => {
    const { last } = renderControl("2026-12-24T18:00:00.000Z", "Europe/Paris");
    act(() => zoneInput().focus());
    fireEvent.click(zoneInput());
    fireEvent.change(zoneInput(), { target: { value: "kathmandu" } });
    fireEvent.keyDown(zoneInput(), { key: "Enter" });
    // 19:00 in Kathmandu (UTC+05:45).
    expect(last()).toBe("2026-12-24T13:15:00.000Z");
    expect(timeInput().value).toBe("19:00");
  });

  it("clearing both inputs of an optional field stores null", () => {
    const { changes } = renderControl("2026-12-24T18:00:00.000Z", "UTC", { ...FIELD, required: undefined, nullable: true });
    fireEvent.change(timeInput(), { target: { value: "" } });
    fireEvent.change(dateInput(), { target: { value: "" } });
    expect(changes).toEqual(["", null]);
    expect(line().textContent).toBe("");
  });
  it.each([
    ["the guild's zone", "Europe/Paris", ["2026-12-24", "19:00"]],
    ["no zone yet", null, ["", ""]],
  ])("hydrates without a mismatch with %s: the server's HTML holds nothing from the clock or the browser's zone", async (_what, guildZone, serverInputs) => {
    const control = <DateTimeControl id="ends" field={FIELD} value="2026-12-24T18:00:00.000Z" onChange={() => {}} labels={formLabels} text={pickerLabels} guildZone={guildZone} />;
    const html = renderToString(control);
    expect(html).not.toContain("America/New_York");
    expect(html).not.toContain("29 days");
    expect(html).not.toContain("UTC+");
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    expect([...container.querySelectorAll("input")].slice(0, 2).map((input) => input.value)).toEqual(serverInputs);
    const errors = jest.spyOn(console, "error").mockImplementation(() => {});
    await act(async () => {
      hydrateRoot(container, control, { onRecoverableError: (error) => console.error(error) });
    });
    expect(errors).not.toHaveBeenCalled();
    // Then the browser fills in what only it knows.
    expect(container.querySelector("#ends-when")?.textContent).toContain("in 29 days");
    expect((container.querySelector("#ends-time") as HTMLInputElement).value).toBe(guildZone ? "19:00" : "13:00");
    container.remove();
  });
});
