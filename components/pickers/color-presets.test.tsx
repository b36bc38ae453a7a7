/** @jest-environment jsdom */
import { fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { ColorControl } from "@/components/settings-form/controls";
import type { FormField, PickerRole } from "@/components/settings-form/types";
import { roleSwatches } from "./color-presets";
import { inkOn } from "./palette";
import { formLabels, pickerLabels } from "./test-labels";

const FIELD: FormField = { name: "embed_color", type: "integer", ui: "color", nullable: true, min: 0, max: 0xffffff, default: null };
const role = (name: string, color: number, position: number): PickerRole => ({ id: String(100000000000000000 + position), name, color, position, mentionable: false, managed: false, assignable: true });
const ROLES = [role("@everyone", 0, 0), role("Coders", 0x2ecc71, 2), role("Moderators", 0x1abc9c, 5), role("Admins", 0xe91e63, 9), role("Helpers", 0x2ecc71, 1)];

function renderColor(initial: number | null, dir?: "rtl") {
  const changes: unknown[] = [];
  function Owner() {
    const [value, setValue] = useState<unknown>(initial);
    return (
      <div dir={dir}>
        <label htmlFor="color">Embed colour</label>
        <ColorControl
          id="color"
          field={FIELD}
          value={value}
          onChange={(next) => {
            changes.push(next);
            setValue(next);
          }}
          labels={formLabels}
          roles={ROLES}
        />
      </div>
    );
  }
  render(<Owner />);
  return changes;
}

const group = (name: string) => screen.getByRole("radiogroup", { name });
const checked = (name: string) => within(group(name)).queryAllByRole("radio").filter((radio) => radio.getAttribute("aria-checked") === "true").map((radio) => radio.getAttribute("aria-label"));
const tabStops = (name: string) => within(group(name)).getAllByRole("radio").filter((radio) => radio.tabIndex === 0);

describe("colour presets", () => {
  it("offers the platform palette and the guild's role colours, named and with their hex", () => {
    renderColor(null);
    expect(within(group(pickerLabels.standardColors)).getAllByRole("radio")).toHaveLength(20);
    // Highest role first, one swatch per colour, roles without a colour left out.
    expect(within(group(pickerLabels.roleColors)).getAllByRole("radio").map((radio) => radio.getAttribute("aria-label"))).toEqual(["Admins #e91e63", "Moderators #1abc9c", "Coders, Helpers #2ecc71"]);
    expect(screen.getByRole("radio", { name: "Teal #1abc9c" })).toBeTruthy();
    // One tab stop per group: the first swatch while none is chosen.
    expect(tabStops(pickerLabels.roleColors).map((radio) => radio.getAttribute("aria-label"))).toEqual(["Admins #e91e63"]);
  });

  it("picks a role colour with the keyboard: arrows move and choose, Home and End jump", () => {
    const changes = renderColor(null);
    const first = screen.getByRole("radio", { name: "Admins #e91e63" });
    first.focus();
    fireEvent.keyDown(first, { key: "ArrowRight" });
    expect(changes).toEqual([0x1abc9c]);
    expect(document.activeElement).toBe(screen.getByRole("radio", { name: "Moderators #1abc9c" }));
    expect(checked(pickerLabels.roleColors)).toEqual(["Moderators #1abc9c"]);
    // The palette's teal is the same colour, so it shows as chosen too.
    expect(checked(pickerLabels.standardColors)).toEqual(["Teal #1abc9c"]);
    expect((screen.getByLabelText("Embed colour") as HTMLInputElement).value).toBe("#1abc9c");
    fireEvent.keyDown(document.activeElement!, { key: "End" });
    expect(changes.at(-1)).toBe(0x2ecc71);
    fireEvent.keyDown(document.activeElement!, { key: "ArrowDown" });
    // Past the end it wraps around.
    expect(changes.at(-1)).toBe(0xe91e63);
    fireEvent.keyDown(document.activeElement!, { key: "Home" });
    expect(tabStops(pickerLabels.roleColors).map((radio) => radio.getAttribute("aria-label"))).toEqual(["Admins #e91e63"]);
  });

  it("follows the reading direction: in right-to-left pages the left arrow moves forward", () => {
    const changes = renderColor(0xe91e63, "rtl");
    const admins = screen.getByRole("radio", { name: "Admins #e91e63" });
    expect(admins.tabIndex).toBe(0);
    fireEvent.keyDown(admins, { key: "ArrowLeft" });
    expect(changes).toEqual([0x1abc9c]);
    fireEvent.keyDown(document.activeElement!, { key: "ArrowRight" });
    expect(changes).toEqual([0x1abc9c, 0xe91e63]);
  });

  it("keeps the hex box, the native picker and Clear working beside them", () => {
    const changes = renderColor(0x123456);
    fireEvent.change(screen.getByLabelText("Embed colour"), { target: { value: "#abcdef" } });
    fireEvent.click(screen.getByRole("button", { name: formLabels.clearColor }));
    expect(changes).toEqual([0xabcdef, null]);
    expect(checked(pickerLabels.standardColors)).toEqual([]);
    fireEvent.click(screen.getByRole("radio", { name: "Dark red #992d22" }));
    expect(changes.at(-1)).toBe(0x992d22);
  });

  it("has no swatches without the pickers' strings (pages without such fields do not send them)", () => {
    render(<ColorControl id="c" field={FIELD} value={null} onChange={() => {}} labels={{ ...formLabels, pickers: undefined }} roles={ROLES} />);
    expect(screen.queryAllByRole("radio")).toEqual([]);
  });
});

describe("roleSwatches and inkOn", () => {
  it("caps the role colours at 24", () => {
    expect(roleSwatches(Array.from({ length: 40 }, (_, index) => role(`R${index}`, index + 1, index)))).toHaveLength(24);
  });

  it("writes the tick in black on light colours and white on dark ones", () => {
    expect([inkOn(0xf1c40f), inkOn(0xffffff), inkOn(0x206694), inkOn(0x000000)]).toEqual(["#000", "#000", "#fff", "#fff"]);
  });
});
