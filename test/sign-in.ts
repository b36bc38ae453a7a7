// Tests only: a signed-in cookie jar made through the real login routes and the emulator.
import { GET as login } from "@/app/api/login/route";
import { POST as finalize } from "@/app/api/finalize-login/route";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { guildRefs } from "@/test/guild-harness";
import { addScratchGuild } from "@/test/scratch-guild";
import { call, CookieJar } from "./route-client";

export async function signedInJar(harness: EmulatorHarness, userId?: string): Promise<CookieJar> {
  const jar = new CookieJar();
  const start = await call(login, "/api/login?locale=en", { jar });
  const callback = await harness.autoAuthorize(start.headers.get("location")!, userId);
  const response = await call(finalize, "/api/finalize-login", {
    method: "POST",
    jar,
    body: { code: callback.searchParams.get("code"), state: callback.searchParams.get("state") },
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return jar;
}

export type SignedIn = { harness: EmulatorHarness; jar: CookieJar; cookie: string };

/**
 * Starts the emulator for the enclosing file or describe block and signs a user in once
 * (Ada by default). The fields are filled before the first test runs; read them inside tests.
 */
export function signedInForThisBlock(userId?: string): SignedIn {
  const state = {} as SignedIn;
  beforeAll(async () => {
    state.harness = await startEmulatorHarness();
    state.jar = await signedInJar(state.harness, userId);
    state.cookie = state.jar.header();
  });
  afterAll(() => state.harness.stop());
  return state;
}

export type ScratchGuild = { harness: EmulatorHarness; ada: CookieJar; guild: string; channel: string };

/**
 * Starts the emulator for the enclosing file or block with a fresh guild shaped like Ada's
 * Workshop (Ada owns it) and signs Ada in; `channel` is one of its text channels. Fields are
 * filled before the first test runs.
 */
export function scratchGuildForThisBlock(name: string): ScratchGuild {
  const state = {} as ScratchGuild;
  beforeAll(async () => {
    state.harness = await startEmulatorHarness();
    state.guild = addScratchGuild(state.harness, "workshop", name);
    state.ada = await signedInJar(state.harness);
    state.channel = (await guildRefs(state.guild)).channel;
  });
  afterAll(() => state.harness.stop());
  return state;
}
