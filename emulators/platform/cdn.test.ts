/** @jest-environment node */
import { DEMO_USER_ID } from "./credentials";
import { GUILD_IDS, USER_IDS } from "./data/ids";
import { initials } from "./cdn";
import { type PlatformEmulator } from "./server";
import { emulatorForThisFile } from "./test-helpers";

let emulator: PlatformEmulator;
let cdn: string;

emulatorForThisFile(
  (started) => {
    emulator = started;
    cdn = `${started.url}/cdn`;
  },
  { resetEach: false },
);

describe("CDN", () => {
  it("serves guild icons as immutable SVG with the guild's initials", async () => {
    const icon = emulator.state.guild(GUILD_IDS.workshop)!.icon!;
    for (const ext of ["png", "webp", "jpg"]) {
      const response = await fetch(`${cdn}/icons/${GUILD_IDS.workshop}/${icon}.${ext}?size=64`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/svg+xml");
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const svg = await response.text();
      expect(svg).toMatch(/^<svg[^>]+width="64"/);
      expect(svg).toContain(">AW</text>");
    }
  });

  it("serves animated icons as .gif and user avatars", async () => {
    const animated = emulator.state.guild(GUILD_IDS.pixelRaiders)!.icon!;
    expect(animated.startsWith("a_")).toBe(true);
    expect((await fetch(`${cdn}/icons/${GUILD_IDS.pixelRaiders}/${animated}.gif`)).status).toBe(200);
    const ada = emulator.state.user(DEMO_USER_ID)!;
    const avatar = await fetch(`${cdn}/avatars/${DEMO_USER_ID}/${ada.avatar}.png`);
    expect(avatar.status).toBe(200);
    expect(await avatar.text()).toContain(">A</text>");
  });

  it("colours images by hash, so different hashes differ", async () => {
    const a = await (await fetch(`${cdn}/icons/${GUILD_IDS.workshop}/${emulator.state.guild(GUILD_IDS.workshop)!.icon}.png`)).text();
    const b = await (await fetch(`${cdn}/icons/${GUILD_IDS.lofi}/${emulator.state.guild(GUILD_IDS.lofi)!.icon}.png`)).text();
    const fill = (svg: string) => /<rect[^>]*fill="([^"]+)"/.exec(svg)?.[1];
    expect(fill(a)).not.toBe(fill(b));
  });

  it("serves default avatars 0-5", async () => {
    for (let index = 0; index < 6; index++) {
      const response = await fetch(`${cdn}/embed/avatars/${index}.png`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/svg+xml");
    }
    expect((await fetch(`${cdn}/embed/avatars/6.png`)).status).toBe(404);
  });

  it("answers 404 for unknown ids or hashes and 400 for a bad size", async () => {
    const icon = emulator.state.guild(GUILD_IDS.workshop)!.icon!;
    expect((await fetch(`${cdn}/icons/${GUILD_IDS.workshop}/0123456789abcdef0123456789abcdef.png`)).status).toBe(404);
    expect((await fetch(`${cdn}/icons/123/${icon}.png`)).status).toBe(404);
    expect((await fetch(`${cdn}/avatars/${USER_IDS.dani}/0123456789abcdef0123456789abcdef.png`)).status).toBe(404);
    expect((await fetch(`${cdn}/icons/${GUILD_IDS.workshop}/${icon}.bmp`)).status).toBe(404);
    expect((await fetch(`${cdn}/icons/${GUILD_IDS.workshop}/${icon}.png?size=100`)).status).toBe(400);
  });

  it("derives initials like Discord's guild acronyms", () => {
    expect(initials("Ada's Workshop")).toBe("AW");
    expect(initials("Night Owls Book Club")).toBe("NOB");
    expect(initials("Lo-fi Study Hall")).toBe("LFS");
    expect(initials("Sam (Staff)", 2)).toBe("SS");
    expect(initials("   ")).toBe("?");
  });
});
