import type { FakeRequest } from "../fakes";
import { FAKE_CLIENT } from "./accounts";
import { sendConsentPage, sendErrorPage, type ConsentModel } from "./consent-page";
import { callback, issueCode, redirect, type FakeProvider } from "./grants";

// GET shows the consent page for a well-formed request; POST (its form) answers it by sending
// the browser to redirect_uri with `code` and `state`, or `error=access_denied` on Cancel.

export type AuthorizeSpec = {
  provider: FakeProvider;
  /** The query parameter naming the app: client_id, or TikTok's client_key. */
  clientParam: "client_id" | "client_key";
  /** X requires PKCE on every request. */
  pkce: boolean;
  scopeSeparator: " " | ",";
  /** Extra parameters the provider adds to its callback (Twitch `scope`, TikTok `scopes`). */
  grantedScopes?: string;
  page: Omit<ConsentModel, "scopes" | "appName">;
};

export function handleAuthorize({ req, res, url, body }: FakeRequest, spec: AuthorizeSpec): boolean {
  const query = url.searchParams;
  const redirectUri = query.get("redirect_uri") ?? "";
  const clientId = query.get(spec.clientParam) ?? "";
  if (clientId !== FAKE_CLIENT.id) return sendErrorPage(res, `Unknown ${spec.clientParam}.`);
  if (!/^https?:\/\//.test(redirectUri)) return sendErrorPage(res, "redirect_uri is missing or invalid.");
  if (query.get("response_type") !== "code") return sendErrorPage(res, "response_type must be code.");
  const challenge = query.get("code_challenge") ?? undefined;
  if (spec.pkce && (!challenge || query.get("code_challenge_method") !== "S256")) return sendErrorPage(res, "code_challenge with code_challenge_method=S256 is required.");
  const state = query.get("state") ?? "";
  if (req.method === "GET") {
    const scopes = (query.get("scope") ?? "").split(spec.scopeSeparator).filter(Boolean);
    return sendConsentPage(res, { ...spec.page, appName: "Guildhall", scopes });
  }
  if (req.method !== "POST") return false;
  const decision = new URLSearchParams(body).get("decision");
  if (decision !== "allow") return redirect(res, callback(redirectUri, { error: "access_denied", error_description: "The user denied you access", state }));
  const code = issueCode({ provider: spec.provider, clientId, redirectUri, challenge: spec.pkce ? challenge : undefined });
  const scopes = spec.grantedScopes !== undefined ? { [spec.provider === "tiktok" ? "scopes" : "scope"]: query.get("scope") ?? "" } : {};
  return redirect(res, callback(redirectUri, { code, state, ...scopes }));
}
