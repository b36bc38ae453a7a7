import { channelOptions, roleOptions } from "./picker-options";
import type { FormLabels, Pickers } from "./types";

const role = (id: string, position: number, extra: Partial<Pickers["roles"][number]> = {}): Pickers["roles"][number] => ({
  id,
  name: `role ${id}`,
  color: 0,
  position,
  mentionable: false,
  managed: false,
  assignable: true,
  ...extra,
});

const pickers: Pickers = {
  channels: [],
  roles: [
    role("everyone", 0, { assignable: false, reason: "everyone", mentionable: true }),
    role("member", 1, { mentionable: true }),
    role("integration", 2, { assignable: false, reason: "managed" }),
    role("admin", 9, { assignable: false, reason: "above_bot", mentionable: true }),
  ],
};
const labels = { reasons: { above_bot: "Above the bot", managed: "Integration", everyone: "Everyone" } } as FormLabels;

const blocked = (options: ReturnType<typeof roleOptions>) => Object.fromEntries(options.map((option) => [option.value, option.disabled ? option.hint : false]));

describe("role picker options", () => {
  it("lists roles highest first", () => {
    expect(roleOptions(pickers, "roles", labels).map((option) => option.value)).toEqual(["admin", "integration", "member", "everyone"]);
  });

  it("offers only roles the bot can give for a field whose role the bot gives, with the reason", () => {
    expect(blocked(roleOptions(pickers, "roles", labels, true))).toEqual({ admin: "Above the bot", integration: "Integration", member: false, everyone: "Everyone" });
  });

  it("offers any role but @everyone for an access list", () => {
    expect(blocked(roleOptions(pickers, "roles", labels))).toEqual({ admin: false, integration: false, member: false, everyone: "Everyone" });
  });

  it("offers mentionable roles only for a ping, wherever they sit", () => {
    expect(blocked(roleOptions(pickers, "mentionable_role", labels))).toEqual({ admin: false, member: false });
  });
});

describe("channel picker options", () => {
  const channel = (id: string, name: string, type: number, position: number, parent_id: string | null = "c1"): Pickers["channels"][number] => ({ id, name, type, position, parent_id });
  const guild: Pickers = {
    channels: [
      channel("c1", "Community", 4, 0, null),
      channel("c2", "Voice", 4, 1, null),
      channel("lounge", "Lounge", 2, 0, "c2"),
      channel("general", "general", 0, 0),
      channel("town-hall", "Town Hall", 13, 1, "c2"),
      channel("news", "news", 5, 1),
      channel("memes", "memes", 0, 2),
    ],
    roles: [],
  };
  const kinds = { ...labels, channelKinds: { voice: "Voice channel", stage: "Stage channel" } } as FormLabels;
  const shown = (ui: Parameters<typeof channelOptions>[1]) => channelOptions(guild, ui, kinds).map((option) => [option.label, option.hint ?? null, option.icon?.label ?? null]);

  it("lists a lockdown's text channels, then its voice and stage channels with their marks", () => {
    expect(shown("lockdown_channels")).toEqual([
      ["#general", "Community", null],
      ["#memes", "Community", null],
      ["Lounge", "Voice", "Voice channel"],
      ["Town Hall", "Voice", "Stage channel"],
    ]);
  });

  it("lists only categories for a field of categories, and only text channels for channels", () => {
    expect(shown("categories")).toEqual([
      ["Community", null, null],
      ["Voice", null, null],
    ]);
    expect(shown("channels").map(([label]) => label)).toEqual(["#general", "#memes"]);
  });
});
