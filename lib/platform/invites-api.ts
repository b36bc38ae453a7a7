import "server-only";

import { z } from "zod";
import { Routes } from "discord-api-types/v10";

import { cachedWithMeta, type CachePolicy } from "./cache";
import { PlatformError, PlatformErrorCode } from "./errors";
import { botGet, botPost } from "./rest";
import { isSnowflake } from "./snowflake";

// Guild invites with the bot token: made in a channel (CREATE_INSTANT_INVITE; with `unique`
// false the platform answers an unexpired invite of the same settings instead of making another)
// and resolved by code, which also resolves a guild's vanity code. The platform's answer is
// outside input, parsed here.

/** A resolved code is kept ten minutes, an unknown one too: a lookup of random codes costs one call each per ten minutes. */
export const INVITE_POLICY: CachePolicy = { ttlMs: 10 * 60_000, staleMs: 60 * 60_000 };

/** Discord's invite and vanity codes: letters, digits and dashes. */
export const INVITE_CODE = /^[A-Za-z0-9-]{2,32}$/;

const snowflake = z.string().regex(/^\d{17,20}$/);
const invite = z.object({
  code: z.string().regex(INVITE_CODE),
  expires_at: z.string().nullable().optional(),
  channel: z.object({ id: snowflake, name: z.string().nullable().optional() }).nullable().optional(),
  guild: z.object({ id: snowflake, name: z.string(), icon: z.string().nullable().optional(), vanity_url_code: z.string().nullable().optional() }).nullable().optional(),
  approximate_member_count: z.number().int().nullable().optional(),
});

export type GuildInvite = {
  code: string;
  expires_at: string | null;
  channel: { id: string; name: string | null } | null;
  guild: { id: string; name: string; icon: string | null; vanity_url_code: string | null } | null;
  approximate_member_count: number | null;
};

function parseInvite(raw: unknown): GuildInvite {
  const parsed = invite.safeParse(raw);
  if (!parsed.success) throw new PlatformError("The platform answered with an unreadable invite", { kind: "server", status: 502 });
  const { code, expires_at, channel, guild, approximate_member_count } = parsed.data;
  return {
    code,
    expires_at: expires_at ?? null,
    channel: channel ? { id: channel.id, name: channel.name ?? null } : null,
    guild: guild ? { id: guild.id, name: guild.name, icon: guild.icon ?? null, vanity_url_code: guild.vanity_url_code ?? null } : null,
    approximate_member_count: approximate_member_count ?? null,
  };
}

/** An invite to the channel lasting `maxAgeSeconds` (0: never expires), the same one again while it lasts. */
export async function createChannelInvite(channelId: string, maxAgeSeconds: number, reason?: string): Promise<GuildInvite> {
  if (!isSnowflake(channelId)) throw new PlatformError("Invalid channel id: not a snowflake", { kind: "bad_request", status: 400 });
  const made = await botPost<unknown>(Routes.channelInvites(channelId), { body: { max_age: maxAgeSeconds, max_uses: 0, temporary: false, unique: false }, ...(reason === undefined ? {} : { reason }) });
  return parseInvite(made);
}

/** What an invite or vanity code leads to, or null when the platform knows no such code. */
export async function resolveInvite(code: string): Promise<GuildInvite | null> {
  if (!INVITE_CODE.test(code)) return null;
  const result = await cachedWithMeta(`invite:${code.toLowerCase()}`, INVITE_POLICY, async () => {
    try {
      return parseInvite(await botGet<unknown>(Routes.invite(code), { query: new URLSearchParams({ with_counts: "true" }) }));
    } catch (error) {
      if (error instanceof PlatformError && error.code === PlatformErrorCode.UNKNOWN_INVITE) return null;
      throw error;
    }
  });
  return result.value;
}
