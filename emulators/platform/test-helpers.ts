import { startPlatformEmulator, type PlatformEmulator } from "./server";
import { DEMO_USER_ID, EMULATOR_BOT_TOKEN, EMULATOR_CLIENT_ID, EMULATOR_CLIENT_SECRET } from "./credentials";

// Shared by the emulator's own jest files (not a test file itself).

/**
 * Starts one emulator for the calling test file (after `onStart` has seen it) and closes
 * it at the end; with `resetEach` its state goes back to the fixtures before every test.
 */
export function emulatorForThisFile(onStart: (emulator: PlatformEmulator) => void | Promise<void>, { resetEach = true } = {}): void {
  let started: PlatformEmulator | undefined;
  beforeAll(async () => {
    started = await startPlatformEmulator({ port: 0, quiet: true });
    await onStart(started);
  });
  afterAll(async () => {
    await started?.close();
  });
  if (resetEach) beforeEach(() => started?.reset());
}

export const REDIRECT_URI = "http://localhost:3000/auth/callback";
export const BOT_AUTH = { Authorization: `Bot ${EMULATOR_BOT_TOKEN}` };

export interface TokenBody {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token: string;
  scope: string;
}

export function authorizeUrl(base: string, params: Record<string, string> = {}): string {
  const search = new URLSearchParams({
    client_id: EMULATOR_CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    response_type: "code",
    scope: "identify guilds guilds.members.read email",
    state: "st8",
    ...params,
  });
  return `${base}/oauth2/authorize?${search}`;
}

/** Runs the auto shortcut and returns the redirect target. */
export async function autoAuthorize(base: string, params: Record<string, string> = {}, userId = DEMO_USER_ID): Promise<{ status: number; location: URL | null; text: string }> {
  const response = await fetch(authorizeUrl(base, { emulator_user: userId, emulator_auto: "1", ...params }), { redirect: "manual" });
  const location = response.headers.get("location");
  return { status: response.status, location: location ? new URL(location) : null, text: await response.text() };
}

export function postToken(base: string, fields: Record<string, string>, withCredentials = true): Promise<Response> {
  const body = new URLSearchParams({
    ...(withCredentials ? { client_id: EMULATOR_CLIENT_ID, client_secret: EMULATOR_CLIENT_SECRET } : {}),
    ...fields,
  });
  return fetch(`${base}/api/v10/oauth2/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
}

export async function exchange(base: string, code: string, redirectUri = REDIRECT_URI): Promise<Response> {
  return postToken(base, { grant_type: "authorization_code", code, redirect_uri: redirectUri });
}

/** Signs a user in end to end and returns the token response. */
export async function signIn(base: string, userId = DEMO_USER_ID, scope?: string): Promise<TokenBody> {
  const { location } = await autoAuthorize(base, scope ? { scope } : {}, userId);
  const code = location?.searchParams.get("code");
  if (!code) throw new Error("no code in redirect");
  const response = await exchange(base, code);
  if (response.status !== 200) throw new Error(`token exchange failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as TokenBody;
}

export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

export async function getJson<T = unknown>(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await fetch(url, { headers });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
