import { randomBytes } from "node:crypto";

// Authorization codes, access and refresh tokens. A grant is one completed
// authorization; every token pair minted from it (by refreshing) belongs to it,
// so revoking any token ends the whole grant, as Discord does.

export const CODE_TTL_MS = 10 * 60 * 1000;

export interface Grant {
  id: string;
  clientId: string;
  userId: string;
  scopes: string[];
  /** Set when the authorization added the bot to a guild. */
  guildId?: string;
}

interface CodeEntry {
  grant: Grant;
  redirectUri: string;
  expiresAt: number;
}

interface AccessEntry {
  grant: Grant;
  expiresAt: number;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  grant: Grant;
}

export type RedeemResult = { ok: true; grant: Grant } | { ok: false; reason: "code" | "redirect_uri" };

const opaque = (bytes: number) => randomBytes(bytes).toString("base64url");

export class TokenStore {
  private readonly codes = new Map<string, CodeEntry>();
  private readonly access = new Map<string, AccessEntry>();
  private readonly refresh = new Map<string, Grant>();
  private readonly grants = new Map<string, Grant>();

  createCode(grant: Omit<Grant, "id">, redirectUri: string, now: number): string {
    const code = opaque(22);
    this.codes.set(code, { grant: { ...grant, id: opaque(12) }, redirectUri, expiresAt: now + CODE_TTL_MS });
    this.sweep(now);
    return code;
  }

  /** Codes are single-use: a successful redemption deletes the code. */
  redeemCode(code: string, clientId: string, redirectUri: string | undefined, now: number): RedeemResult {
    const entry = this.codes.get(code);
    if (!entry || entry.expiresAt <= now || entry.grant.clientId !== clientId) {
      if (entry && entry.expiresAt <= now) this.codes.delete(code);
      return { ok: false, reason: "code" };
    }
    if (redirectUri !== entry.redirectUri) return { ok: false, reason: "redirect_uri" };
    this.codes.delete(code);
    this.grants.set(entry.grant.id, entry.grant);
    return { ok: true, grant: entry.grant };
  }

  issue(grant: Grant, ttlSeconds: number, now: number): IssuedTokens {
    const accessToken = opaque(24);
    const refreshToken = opaque(24);
    this.access.set(accessToken, { grant, expiresAt: now + ttlSeconds * 1000 });
    this.refresh.set(refreshToken, grant);
    return { accessToken, refreshToken, expiresIn: ttlSeconds, grant };
  }

  /** Rotation: the presented refresh token stops working once used. */
  rotate(refreshToken: string, clientId: string, ttlSeconds: number, now: number): IssuedTokens | null {
    const grant = this.refresh.get(refreshToken);
    if (!grant || grant.clientId !== clientId || !this.grants.has(grant.id)) return null;
    this.refresh.delete(refreshToken);
    return this.issue(grant, ttlSeconds, now);
  }

  /** The grant behind a live access token, or null (unknown, expired or revoked). */
  lookup(accessToken: string, now: number): Grant | null {
    const entry = this.access.get(accessToken);
    if (!entry) return null;
    if (entry.expiresAt <= now) {
      this.access.delete(accessToken);
      return null;
    }
    return this.grants.has(entry.grant.id) ? entry.grant : null;
  }

  /** Revokes the grant a token belongs to. Unknown tokens are ignored, as on Discord. */
  revoke(token: string, clientId: string): void {
    const grant = this.access.get(token)?.grant ?? this.refresh.get(token);
    if (!grant || grant.clientId !== clientId) return;
    this.grants.delete(grant.id);
    for (const [key, entry] of this.access) if (entry.grant.id === grant.id) this.access.delete(key);
    for (const [key, entry] of this.refresh) if (entry.id === grant.id) this.refresh.delete(key);
  }

  /** Whether the user already approved these scopes (lets prompt=none skip the page). */
  hasConsent(userId: string, clientId: string, scopes: readonly string[]): boolean {
    for (const grant of this.grants.values()) {
      if (grant.userId === userId && grant.clientId === clientId && scopes.every((scope) => grant.scopes.includes(scope))) {
        return true;
      }
    }
    return false;
  }

  clear(): void {
    this.codes.clear();
    this.access.clear();
    this.refresh.clear();
    this.grants.clear();
  }

  private sweep(now: number): void {
    for (const [code, entry] of this.codes) if (entry.expiresAt <= now) this.codes.delete(code);
    for (const [token, entry] of this.access) if (entry.expiresAt <= now) this.access.delete(token);
  }
}
