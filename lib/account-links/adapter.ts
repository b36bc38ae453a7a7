import "server-only";
import type { LinkedAccount, LinkProvider } from "./providers";

/** One provider's OAuth authorization-code flow, against its real endpoints (or the fake's, by settings). */
export type LinkAdapter = {
  provider: LinkProvider;
  /** False without client credentials: linking answers 503 provider_not_configured. */
  configured(): boolean;
  /** The consent page's address; `codeChallenge` is sent by providers that take PKCE. */
  authorizeUrl(request: { state: string; codeChallenge: string; redirectUri: string }): string;
  /** Exchanges the code and reads who signed in; the token is dropped afterwards (nothing later needs it). */
  exchange(request: { code: string; codeVerifier: string; redirectUri: string }): Promise<LinkedAccount>;
};
