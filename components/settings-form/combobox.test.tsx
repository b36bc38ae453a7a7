/** @jest-environment jsdom */
import { fireEvent, render, screen, within } from "@testing-library/react";
import { Combobox } from "./combobox";

// "+ Create …" in a role picker: offered for a typed name no option has (whatever its case), last,
// picked by keyboard like any option, and handing on the name without its surrounding spaces.

const options = [
  { value: "1", label: "Makers" },
  { value: "2", label: "Coders" },
];

beforeAll(() => {
  // jsdom does not lay out, so it has no scrollIntoView.
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
});

function setUp() {
  const made: string[] = [];
  const picked: string[] = [];
  render(
    <Combobox
      id="role"
      options={options}
      display=""
      noMatches="No matches"
      onSelect={(value) => picked.push(value)}
      create={{ label: (name) => `+ Create role “${name}”`, run: (name) => made.push(name) }}
    />,
  );
  return { made, picked, input: screen.getByRole("combobox") };
}

it("offers to create a typed name no role has, and creates it on Enter", () => {
  const { made, picked, input } = setUp();
  fireEvent.change(input, { target: { value: "  Event pings " } });
  const shown = within(screen.getByRole("listbox")).getAllByRole("option");
  expect(shown.map((option) => option.textContent)).toEqual(["+ Create role “Event pings”"]);
  fireEvent.keyDown(input, { key: "Enter" });
  expect(made).toEqual(["Event pings"]);
  expect(picked).toEqual([]);
});

it("lists matching roles first and offers nothing to create for a name a role has", () => {
  const { input } = setUp();
  fireEvent.change(input, { target: { value: "ma" } });
  expect(within(screen.getByRole("listbox")).getAllByRole("option").map((option) => option.textContent)).toEqual(["Makers", "+ Create role “ma”"]);
  fireEvent.change(input, { target: { value: "makers" } });
  expect(within(screen.getByRole("listbox")).getAllByRole("option").map((option) => option.textContent)).toEqual(["Makers"]);
});
