import { emojiImageUrl } from "./cdn";
import { formatCustomEmoji, parseCustomEmoji } from "./custom-emoji";

describe("custom emoji references", () => {
  it("reads <:name:id> and <a:name:id>, and writes them back", () => {
    expect(parseCustomEmoji("<:solder:584357983337709568>")).toEqual({ id: "584357983337709568", name: "solder", animated: false });
    expect(parseCustomEmoji("<a:gear_spin:584358163692781569>")).toEqual({ id: "584358163692781569", name: "gear_spin", animated: true });
    for (const value of ["<:solder:584357983337709568>", "<a:gear_spin:584358163692781569>"]) expect(formatCustomEmoji(parseCustomEmoji(value)!)).toBe(value);
  });

  it.each(["🎉", ":smile:", "solder:584357983337709568", "<:s:584357983337709568>", "<:solder:123>", "<b:solder:584357983337709568>", " <:solder:584357983337709568>"])("does not take %j for one", (value) => {
    expect(parseCustomEmoji(value)).toBeNull();
  });

  it("points at the CDN image: GIF for animated emoji, PNG for the others", () => {
    expect(emojiImageUrl("https://cdn.example/cdn/", { id: "584357983337709568", animated: false }, 64)).toBe("https://cdn.example/cdn/emojis/584357983337709568.png?size=64");
    expect(emojiImageUrl("https://cdn.example/cdn", { id: "584358163692781569", animated: true })).toBe("https://cdn.example/cdn/emojis/584358163692781569.gif");
  });
});
