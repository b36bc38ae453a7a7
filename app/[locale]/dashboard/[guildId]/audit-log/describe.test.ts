import { formatValue, itemDiff, pluginDiff, relativeTime, type Describer } from "./describe";

const d: Describer = {
  label: (key) => (key === "join_message" ? "Welcome message" : key),
  resolve: (id) => (id === "111111111111111111" ? "#general" : undefined),
  on: "On",
  off: "Off",
  empty: "—",
};

describe("audit diff", () => {
  it("reads a plugin change as its switch and each changed key, with ids resolved", () => {
    const rows = pluginDiff(
      { enabled: false, config: { join_message: "Hi", join_channel_id: null, same: 1 } },
      { enabled: true, config: { join_message: "Hello", join_channel_id: "111111111111111111", same: 1 } },
      { ...d, enabledLabel: "Enabled" },
    );
    expect(rows).toEqual([
      { kind: "changed", label: "Enabled", before: "Off", after: "On" },
      { kind: "changed", label: "Welcome message", before: "“Hi”", after: "“Hello”" },
      { kind: "changed", label: "join_channel_id", before: "—", after: "#general" },
    ]);
  });

  it("reads items as added, removed or edited", () => {
    expect(itemDiff(null, { name: "rules", n: 2 }, "rules", d, "name")).toEqual([{ kind: "added", label: "rules", value: "n: 2" }]);
    expect(itemDiff({ name: "rules" }, null, "rules", d)[0]?.kind).toBe("removed");
    expect(itemDiff({ name: "a", n: 1 }, { name: "a", n: 2 }, "a", d)).toEqual([{ kind: "changed", label: "n", before: "1", after: "2" }]);
  });

  it("keeps long values and objects compact", () => {
    expect(formatValue("x".repeat(200), d).length).toBeLessThanOrEqual(92);
    expect(formatValue([{ emoji: "🎮", role_id: "111111111111111111" }], d)).toBe("🎮 #general");
    expect(formatValue(["111111111111111111", "2"], d)).toBe("#general, 2");
  });

  it("formats relative times", () => {
    const now = new Date("2025-01-01T12:00:00Z");
    expect(relativeTime(new Date("2025-01-01T11:57:00Z"), now, "en")).toBe("3 minutes ago");
    expect(relativeTime(new Date("2024-12-31T12:00:00Z"), now, "en")).toBe("yesterday");
  });
});
