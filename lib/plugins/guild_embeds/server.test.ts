/** @jest-environment node */
import { guildEmbeds } from "./definition";
import { buildMessage } from "./server";

const item = (data: Record<string, unknown>) => guildEmbeds.collections.embeds.itemSchema.parse({ name: "Test", ...data });
const config = (data: Record<string, unknown> = {}) => guildEmbeds.configSchema.parse(data);
const now = new Date("2030-05-06T07:08:09.000Z");

describe("buildMessage", () => {
  it("sends the text above the embeds only when there is some", () => {
    expect(buildMessage(item({ embeds: [{ title: "x" }] }), config()).content).toBeNull();
    expect(buildMessage(item({ content: "  ", embeds: [{ title: "x" }] }), config()).content).toBeNull();
    expect(buildMessage(item({ content: "Hi {u}", embeds: [{ title: "x" }] }), config(), { render: (text) => text.replace("{u}", "Ada") }).content).toBe("Hi Ada");
  });

  it("fills each embed's gaps with the plugin's defaults, never over its own values", () => {
    const defaults = config({ default_color: 0x111111, default_author_name: "Guild {u}", default_author_icon_url: "https://example.com/a.png", default_footer: "Footer {u}", show_timestamp: true });
    const { embeds } = buildMessage(
      item({ embeds: [{ title: "Bare" }, { title: "Own", color: 0x222222, author: { name: "Me" }, footer: { text: "Mine" }, timestamp: "2031-01-01T00:00:00Z" }] }),
      defaults,
      { render: (text) => text.replace("{u}", "Ada"), now },
    );
    expect(embeds[0]).toEqual({ title: "Bare", color: 0x111111, author: { name: "Guild Ada", icon_url: "https://example.com/a.png" }, footer: { text: "Footer Ada" }, timestamp: now.toISOString() });
    expect(embeds[1]).toEqual({ title: "Own", color: 0x222222, author: { name: "Me" }, footer: { text: "Mine" }, timestamp: "2031-01-01T00:00:00Z" });
  });

  it("leaves the colour unset without one of its own or a default", () => {
    expect(buildMessage(item({ embeds: [{ title: "x" }] }), config()).embeds).toEqual([{ title: "x" }]);
  });
});
