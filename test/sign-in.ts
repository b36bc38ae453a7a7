// Tests only: a signed-in cookie jar made through the real login routes and the emulator.
import { GET as login } from "@/app/api/login/route";
import { POST as finalize } from "@/app/api/finalize-login/route";
import type { EmulatorHarness } from "@/test/emulator-harness";
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
