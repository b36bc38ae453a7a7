/** @jest-environment jsdom */
// The generic form's rows for date-time and time-zone fields: the pickers, fed from the row context
// (each picker is its own chunk, so the first query waits for it).
import { fireEvent, render, screen } from "@testing-library/react";
import { FieldRow, type RowContext } from "@/components/settings-form/field-row";
import type { FormSpec } from "@/components/settings-form/types";
import { birthdays } from "@/lib/plugins/birthdays/definition";
import { configFormSpec, itemFormSpec } from "@/lib/plugins/form-spec";
import { giveaways } from "@/lib/plugins/giveaways/definition";
import { formLabels } from "./test-labels";

jest.mock("@/lib/time/known-zone", () => ({ ...jest.requireActual("@/lib/time/known-zone"), localTimeZone: () => "America/New_York" }));

const context = (guildTimezone: string | null, labels = formLabels): RowContext => ({
  idPrefix: "f",
  texts: { ends_at: { label: "Ends at" }, timezone: { label: "Time zone" } },
  labels,
  pickers: { channels: [], roles: [] },
  errors: {},
  premiumGuild: false,
  guildTimezone,
});
const field = (spec: FormSpec, name: string) => spec.fields.find((entry) => entry.name === name)!;

beforeEach(() => jest.spyOn(Date, "now").mockReturnValue(Date.parse("2026-11-25T12:00:00Z")));
afterEach(() => jest.restoreAllMocks());

describe("FieldRow with pickers", () => {
  it("draws a giveaway's end as date, time and zone, starting in the guild's zone", async () => {
    const onChange = jest.fn();
    render(<FieldRow field={field(itemFormSpec(giveaways, "giveaways") as FormSpec, "ends_at")} path="ends_at" textKey="ends_at" value={null} onChange={onChange} context={context("Europe/Paris")} />);
    // The row's label names the date input, beside the input's own.
    expect(await screen.findByLabelText(/Ends at/)).toBe(screen.getByLabelText("Date"));
    fireEvent.change(screen.getByLabelText("Date"), { target: { value: "2026-12-24" } });
    expect(onChange).toHaveBeenLastCalledWith("");
    expect((screen.getByRole("combobox", { name: "Time zone" }) as HTMLInputElement).value).toContain("Europe/Paris");
  });

  it("draws a time-zone field as the zone combobox", async () => {
    const onChange = jest.fn();
    render(<FieldRow field={field(configFormSpec(birthdays) as FormSpec, "timezone")} path="timezone" textKey="timezone" value="Asia/Kathmandu" onChange={onChange} context={context(null)} />);
    const input = (await screen.findByRole("combobox", { name: "Time zone" })) as HTMLInputElement;
    expect(input.value).toBe("\u200E(UTC+05:45) Kathmandu — Asia/Kathmandu");
  });

  it("falls back to a text box when the page sent no picker strings", () => {
    render(<FieldRow field={field(itemFormSpec(giveaways, "giveaways") as FormSpec, "ends_at")} path="ends_at" textKey="ends_at" value="2030-01-01T00:00:00Z" onChange={() => {}} context={context(null, { ...formLabels, pickers: undefined })} />);
    expect((screen.getByLabelText("Ends at") as HTMLInputElement).value).toBe("2030-01-01T00:00:00Z");
  });
});
