import "server-only";
import type { Db } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { fieldsError, type ApiError } from "@/lib/http/api-error";
import { ProviderError } from "@/lib/providers/errors";
import type { IssueCode } from "@/lib/validation/issues";
import { fieldIssue } from "@/lib/validation/server-messages";
import type { LinkAdapter } from "./adapter";
import { saveAccountLink } from "./links";
import { CodeRefused } from "./oauth-http";
import { challengeOf } from "./pkce";
import { LINK_ADAPTERS } from "./registry";
import { RETURN_PATH, type LinkedAccount } from "./providers";
import { consumeLinkState, createLinkState, type LinkScope } from "./states";

// Start: a fresh state and the provider's consent page. Finalize: the state is spent first
// (whatever follows, it never works twice), then the code is exchanged, the account read and
// the link stored. The PKCE verifier comes from the state row only, never from the browser.

const redirectUri = () => `${getEnv().APP_URL}${RETURN_PATH}`;

function configuredAdapter(scope: LinkScope): LinkAdapter {
  const adapter = LINK_ADAPTERS[scope.provider];
  if (!adapter.configured()) throw new ProviderError(scope.provider, "not_configured", `${scope.provider} has no client credentials`);
  return adapter;
}

export async function startAccountLink(db: Db, scope: LinkScope): Promise<{ url: string }> {
  const adapter = configuredAdapter(scope);
  const { state, codeVerifier } = await createLinkState(db, scope);
  return { url: adapter.authorizeUrl({ state, codeChallenge: challengeOf(codeVerifier), redirectUri: redirectUri() }) };
}

export type LinkReturn = { state: string; code?: string; error?: string };

export async function finalizeAccountLink(db: Db, scope: LinkScope, answer: LinkReturn): Promise<LinkedAccount> {
  const adapter = configuredAdapter(scope);
  const spent = await consumeLinkState(db, answer.state, scope);
  if (spent.kind === "invalid") throw refused("state", "oauth_state_invalid");
  if (spent.kind === "expired") throw refused("state", "oauth_state_expired");
  if (answer.error !== undefined || !answer.code) throw refused("code", "oauth_denied");
  let account: LinkedAccount;
  try {
    account = await adapter.exchange({ code: answer.code, codeVerifier: spent.codeVerifier, redirectUri: redirectUri() });
  } catch (error) {
    throw error instanceof CodeRefused ? refused("code", "oauth_code_refused") : error;
  }
  await saveAccountLink(db, { ...scope, account });
  return account;
}

function refused(path: string, code: IssueCode): ApiError {
  return fieldsError([fieldIssue(path, code)], "body");
}
