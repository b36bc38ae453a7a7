import { packPickers, unpackPickers } from "./packed-pickers";
import type { PickerChannel, PickerRole } from "./pickers";

const channels: PickerChannel[] = [
  { id: "584342883843309568", name: "welcome", type: 0, position: 0, parent_id: null },
  { id: "584347384331501597", name: "Lounge", type: 2, position: 3, parent_id: "584347229142253596" },
];
const roles: PickerRole[] = [
  { id: "1", name: "Maintainers", color: 1752220, position: 11, mentionable: true, managed: false, assignable: false, reason: "above_bot" },
  { id: "2", name: "Chronicle", color: 0, position: 9, mentionable: false, managed: true, assignable: false, reason: "managed" },
  { id: "3", name: "@everyone", color: 0, position: 0, mentionable: false, managed: false, assignable: false, reason: "everyone" },
  { id: "4", name: "Members", color: 3447003, position: 2, mentionable: true, managed: false, assignable: true },
];

describe("packed pickers", () => {
  it("unpack to exactly what was packed, reasons and missing parents included", () => {
    expect(unpackPickers(packPickers({ channels, roles }))).toEqual({ channels, roles });
  });

  it("survive the trip to the browser (JSON) and are smaller than the objects", () => {
    const packed = JSON.stringify(packPickers({ channels, roles }));
    expect(unpackPickers(JSON.parse(packed))).toEqual({ channels, roles });
    expect(packed.length).toBeLessThan(JSON.stringify({ channels, roles }).length * 0.6);
  });
});
