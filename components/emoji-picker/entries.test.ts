import { customEntries, moveIndex, sectionsFor, unicodeEntries, COLUMNS } from "./entries";

// The picker's lists and its keyboard model, without a browser.

const unicode = unicodeEntries({
  groups: [
    { key: "smileys-emotion", emojis: [["😀", "grinning face", "grin happy smile"], ["🥳", "partying face", "celebration party tada"]] },
    { key: "objects", emojis: [["⚙️", "gear", "cog tool"], ["🎉", "party popper", "celebration party tada"]] },
  ],
});
const custom = customEntries([{ id: "584357983337709568", name: "gear_spin", animated: true, available: true }]);
const names = (query: string) => sectionsFor(custom, unicode, query).flatMap((section) => section.entries.map((entry) => entry.name));

describe("sectionsFor", () => {
  it("lists this server's emojis first, then the unicode groups", () => {
    expect(sectionsFor(custom, unicode, "").map((section) => section.key)).toEqual(["custom", "smileys-emotion", "objects"]);
    expect(sectionsFor([], unicode, "").map((section) => section.key)).toEqual(["smileys-emotion", "objects"]);
  });

  it("finds names and keywords from the start of a word first, then inside words, ignoring case and accents", () => {
    expect(names("party")).toEqual(["partying face", "party popper"]);
    expect(names("GEAR")).toEqual(["gear_spin", "gear"]);
    expect(names("arty")).toEqual(["partying face", "party popper"]);
    expect(names("célébration")).toEqual(["partying face", "party popper"]);
  });

  it("reads shortcodes as the chat writes them", () => {
    expect(names(":tada:")).toEqual(["partying face", "party popper"]);
    expect(names(":gear_")).toEqual(["gear_spin", "gear"]);
    expect(names("party_popper")).toEqual(["party popper"]);
  });
});

describe("moveIndex", () => {
  // Two sections: 10 emoji (a row of 8, a row of 2), then 3.
  const sizes = [10, 3];
  expect(COLUMNS).toBe(8);

  it("moves left and right through everything in order, stopping at the ends", () => {
    expect(moveIndex(sizes, 7, "right")).toBe(8);
    expect(moveIndex(sizes, 9, "right")).toBe(10);
    expect(moveIndex(sizes, 12, "right")).toBe(12);
    expect(moveIndex(sizes, 0, "left")).toBe(0);
  });

  it("moves up and down a row keeping the column, to the nearest emoji of a shorter row, across sections", () => {
    expect(moveIndex(sizes, 1, "down")).toBe(9);
    expect(moveIndex(sizes, 6, "down")).toBe(9);
    expect(moveIndex(sizes, 9, "down")).toBe(11);
    expect(moveIndex(sizes, 11, "up")).toBe(9);
    expect(moveIndex(sizes, 12, "up")).toBe(9);
    expect(moveIndex(sizes, 2, "up")).toBe(2);
    expect(moveIndex(sizes, 12, "down")).toBe(12);
  });

  it("goes to the ends with Home and End, and starts somewhere when nothing is active", () => {
    expect(moveIndex(sizes, 5, "home")).toBe(0);
    expect(moveIndex(sizes, 5, "end")).toBe(12);
    expect(moveIndex(sizes, -1, "down")).toBe(0);
    expect(moveIndex([], 0, "down")).toBe(-1);
  });
});
