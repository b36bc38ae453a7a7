/** @jest-environment jsdom */
import { useState } from "react";
import { fireEvent, render, screen, within } from "@testing-library/react";
import en from "@/messages/en.json";
import type { FormField } from "@/lib/plugins/form-spec";
import { MultiPicker } from "./picker-controls";
import type { FormLabels, Pickers } from "./types";

// The lockdown's channel picker: text channels by #name, voice and stage channels with their
// mark, named for screen readers, in the list and on the chips of the channels chosen.

const s = en.settings;
const labels = { ...s, remove: s.remove, reasons: s.roleReasons, colorHex: s.colorPicker } as unknown as FormLabels;
const field: FormField = { name: "lockdown_channel_ids", type: "array", ui: "lockdown_channels", default: [], maxItems: 50 };
const pickers: Pickers = {
  channels: [
    { id: "300000000000000001", name: "Voice", type: 4, position: 0, parent_id: null },
    { id: "300000000000000002", name: "general", type: 0, position: 0, parent_id: null },
    { id: "300000000000000003", name: "Lounge", type: 2, position: 0, parent_id: "300000000000000001" },
    { id: "300000000000000004", name: "Town Hall", type: 13, position: 1, parent_id: "300000000000000001" },
  ],
  roles: [],
};

beforeAll(() => {
  // jsdom does not lay out, so it has no scrollIntoView.
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
});

function Picker() {
  const [value, setValue] = useState<unknown>([]);
  return <MultiPicker id="lockdown" field={field} value={value} onChange={setValue} labels={labels} pickers={pickers} />;
}

it("lists text, voice and stage channels, each voice-like one with its mark, and keeps the mark on its chip", () => {
  render(<Picker />);
  fireEvent.click(screen.getByRole("combobox"));
  const options = within(screen.getByRole("listbox")).getAllByRole("option");
  expect(options.map((option) => option.textContent)).toEqual(["#general", "LoungeVoice", "Town HallVoice"]);
  expect(within(options[1]!).getByRole("img", { name: s.channelKinds.voice })).toBeTruthy();
  expect(within(options[2]!).getByRole("img", { name: s.channelKinds.stage })).toBeTruthy();

  fireEvent.click(options[1]!);
  const chip = screen.getByRole("listitem");
  expect(within(chip).getByRole("img", { name: s.channelKinds.voice })).toBeTruthy();
  expect(within(chip).getByRole("button", { name: "Remove Lounge" })).toBeTruthy();
});
