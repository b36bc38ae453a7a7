// Why: the load test needs a real session cookie, obtained the way a browser
// gets one (XSRF cookie, /api/login, emulator consent, /api/finalize-login),
// over plain HTTP so no browser is involved in the measured part.

/** A minimal cookie jar: name → value, fed from Set-Cookie headers. */
export class Jar {
  readonly cookies = new Map<string, string>();

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age\s*=\s*(0|-\d+)\s*$/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(names?: string[]): string {
    return [...this.cookies]
      .filter(([name]) => !names || names.includes(name))
      .map(([name, value]) => `${name}=${value}`)
      .join("; ");
  }

  need(name: string, step: string): string {
    const value = this.cookies.get(name);
    if (!value) throw new Error(`sign-in: no ${name} cookie after ${step}`);
    return value;
  }
}

export type SignInOptions = { appUrl: string; userId: string };

export async function signIn({ appUrl, userId }: SignInOptions): Promise<Jar> {
  const jar = new Jar();

  // Public pages set no cookie; the login page (dynamic) hands out the anti-forgery cookie, as in a browser.
  const home = await fetch(`${appUrl}/en/login`, { redirect: "manual" });
  await expectStatus(home, [200], "GET /en/login");
  jar.take(home);
  const xsrf = jar.need("XSRF-TOKEN", "GET /en/login");

  const login = await fetch(`${appUrl}/api/login?locale=en`, { redirect: "manual", headers: { cookie: jar.header() } });
  await expectStatus(login, [302, 303, 307], "GET /api/login");
  jar.take(login);
  jar.need("gh_login", "GET /api/login");
  const authorize = new URL(location(login, "GET /api/login"));
  authorize.searchParams.set("emulator_user", userId);
  authorize.searchParams.set("emulator_auto", "1");

  const consent = await fetch(authorize, { redirect: "manual" });
  await expectStatus(consent, [302, 303, 307], `GET ${authorize.origin}${authorize.pathname}`);
  const callback = new URL(location(consent, "the emulator's authorize URL"));
  if (`${callback.origin}${callback.pathname}` !== `${appUrl}/auth/callback`) throw new Error(`sign-in: unexpected callback ${callback.href}`);
  const code = callback.searchParams.get("code");
  const state = callback.searchParams.get("state");
  if (!code || !state) throw new Error(`sign-in: callback without code/state: ${callback.href}`);

  const finalize = await fetch(`${appUrl}/api/finalize-login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      cookie: jar.header(["gh_login", "XSRF-TOKEN"]),
      "x-xsrf-token": xsrf,
      origin: appUrl,
      "content-type": "application/json",
    },
    body: JSON.stringify({ code, state, login_type: "DEFAULT" }),
  });
  await expectStatus(finalize, [200], "POST /api/finalize-login");
  jar.take(finalize);
  jar.need("gh_session", "POST /api/finalize-login");
  return jar;
}

/** Checks the status and consumes the body (so the keep-alive socket is reusable). */
async function expectStatus(response: Response, allowed: number[], step: string) {
  if (allowed.includes(response.status)) {
    await response.arrayBuffer();
    return;
  }
  const body = (await response.text()).slice(0, 500);
  throw new Error(`sign-in: ${step} answered ${response.status} (expected ${allowed.join("/")}): ${body}`);
}

function location(response: Response, step: string): string {
  const value = response.headers.get("location");
  if (!value) throw new Error(`sign-in: ${step} answered ${response.status} without a Location header`);
  return value;
}
