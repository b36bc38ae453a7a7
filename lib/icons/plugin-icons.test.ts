/** @jest-environment node */
import { GET } from "@/app/icons.svg/route";
import { PLUGINS } from "@/lib/plugins/index";
import { ICON_SPRITE_PATH, ICON_SPRITE_SVG, ICON_SPRITE_URL, resolveIcon } from "./plugin-icons";

const symbolIds = () => Array.from(ICON_SPRITE_SVG.matchAll(/<symbol id="([^"]+)"/g), (match) => match[1]);

describe("plugin icon sprite", () => {
  it("has a symbol, with its stroke, for every plugin's icon", () => {
    const ids = new Set(symbolIds());
    for (const plugin of PLUGINS) expect({ plugin: plugin.id, drawn: ids.has(resolveIcon(plugin.icon)) }).toEqual({ plugin: plugin.id, drawn: true });
    expect(ICON_SPRITE_SVG).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"><symbol id="[a-z-]+" viewBox="0 0 24 24" fill="none" stroke="currentColor"/);
  });

  it("draws an unknown key as the puzzle piece and follows aliases", () => {
    expect(resolveIcon("no-such-icon")).toBe("puzzle");
    expect(resolveIcon("moderator")).toBe("shield");
    expect(resolveIcon("shield")).toBe("shield");
  });

  it("is served as SVG, cached for good under a URL that names its content", async () => {
    expect(ICON_SPRITE_URL).toMatch(new RegExp(`^${ICON_SPRITE_PATH.replace(".", "\\.")}\\?v=[0-9a-z]+$`));
    const response = GET();
    expect(response.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(response.headers.get("cache-control")).toContain("immutable");
    expect(await response.text()).toBe(ICON_SPRITE_SVG);
  });
});
