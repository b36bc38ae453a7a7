/** @jest-environment node */
// Flags from an Unleash server: the app's unleash-client against the local fake of Unleash's
// client API (emulators/unleash). The harness polls every 50 ms, so a test waits for the SDK's
// own events (a refresh that brought a change, metrics sent) rather than for 15 s.
import { once } from "node:events";
import { onForEveryone } from "@/emulators/unleash/server";
import { flagEngine } from "@/lib/flags/flags";
import { enabledToggles, isFlagEnabled } from "@/lib/flags/is-flag-enabled";
import { GUILD_IDS } from "@/test/guild-harness";
import { countPageExpiries } from "@/test/page-expiries";
import { startUnleashHarness, type UnleashHarness } from "@/test/unleash-harness";

let unleash: UnleashHarness;

beforeAll(async () => {
  unleash = await startUnleashHarness([onForEveryone("automod_dry_run"), onForEveryone("new_editor", false)]);
});
afterAll(() => unleash.stop());

type Bucket = { appName: string; bucket: { toggles: Record<string, { yes: number; no: number }> } };

describe("flags evaluated by unleash-client against an Unleash server", () => {
  it("registers with the server and answers from the flags it fetched with its token", async () => {
    expect(await isFlagEnabled("automod_dry_run")).toBe(true);
    expect(await isFlagEnabled("new_editor")).toBe(false);
    expect((await enabledToggles()).map((toggle) => toggle.name)).toEqual(["automod_dry_run"]);
    expect(unleash.registrations).toEqual([expect.objectContaining({ appName: "guildhall-test", sdkVersion: expect.stringMatching(/^unleash-node-sdk:/) })]);
  });

  it("answers differently once a refresh brings a flag changed on the server, and retires every guild's cached pages", async () => {
    const engine = await flagEngine();
    const expiries = countPageExpiries();
    unleash.setEnabled("new_editor", true);
    await once(engine, "changed");
    expect(await isFlagEnabled("new_editor")).toBe(true);
    expect(expiries.everywhere()).toBe(1);
    // Unchanged afterwards: the SDK revalidates with the server's ETag and gets 304.
    await once(engine, "unchanged");
    expect(unleash.fetches.at(-1)).toBe(304);
  });

  it("sends what the server read to the server's metrics API", async () => {
    const engine = await flagEngine();
    const seen = unleash.metrics.length;
    await isFlagEnabled("automod_dry_run");
    await isFlagEnabled("automod_dry_run");
    await isFlagEnabled("no_such_flag");
    const total = (name: string, key: "yes" | "no") => bucketsSince(seen).reduce((sum, toggles) => sum + (toggles[name]?.[key] ?? 0), 0);
    // A post under way may carry an older bucket: wait for posts until these counts arrive.
    while (total("no_such_flag", "no") === 0) await once(engine, "sent");
    expect({ yes: total("automod_dry_run", "yes"), no: total("no_such_flag", "no") }).toEqual({ yes: 2, no: 1 });
  });

  it("does not count the frontend API's evaluations as use: the browser reports its own", async () => {
    const engine = await flagEngine();
    const seen = unleash.metrics.length;
    for (let i = 0; i < 5; i++) await enabledToggles({ guildId: GUILD_IDS.workshop });
    await isFlagEnabled("new_editor");
    // Each post carries whatever was counted since the last: the frontend's evaluations, had they counted, come with it or before.
    while (!bucketsSince(seen).some((toggles) => "new_editor" in toggles)) await once(engine, "sent");
    expect(bucketsSince(seen).some((toggles) => "automod_dry_run" in toggles)).toBe(false);
  });
});

/** The toggle counts the app posted since the fake had `seen` posts. */
function bucketsSince(seen: number) {
  return (unleash.metrics.slice(seen) as Bucket[]).filter((payload) => payload.appName === "guildhall-test").map((payload) => payload.bucket.toggles);
}
