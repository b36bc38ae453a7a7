import { randomBytes } from "node:crypto";

// App access tokens a fake issued through the client-credentials grant, with their expiry, as
// the providers' token endpoints do. Tests expire them to see the adapter renew one.

export type TokenStore = {
  /** `prefix` gives the token the provider's own look (TikTok's `clt.`). */
  issue(lifetimeSeconds: number, prefix?: string): string;
  valid(token: string | undefined): boolean;
  /** Every token issued so far stops working, as when the provider revokes or expires them. */
  expireAll(): void;
};

export function tokenStore(): TokenStore {
  const tokens = new Map<string, number>();
  return {
    issue(lifetimeSeconds, prefix = "") {
      const token = `${prefix}${randomBytes(15).toString("hex")}`;
      tokens.set(token, Date.now() + lifetimeSeconds * 1000);
      return token;
    },
    valid: (token) => token !== undefined && (tokens.get(token) ?? 0) > Date.now(),
    expireAll: () => tokens.clear(),
  };
}

/** The form fields of a token request: the body (application/x-www-form-urlencoded) or the query. */
export function tokenRequestFields(body: string, url: URL): URLSearchParams {
  const fields = new URLSearchParams(body);
  for (const [key, value] of url.searchParams) if (!fields.has(key)) fields.set(key, value);
  return fields;
}

/** The token of an `Authorization: Bearer …` header. */
export function bearerOf(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  return match?.[1];
}
