import "server-only";
import { z } from "zod";
import type { GuildEndpoint } from "@/lib/http/route";
import { guildIdParams } from "@/lib/platform/snowflake";
import { inputUuid } from "@/lib/validation/text";

export type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** Path params of an item endpoint: `/…/:guildId/…/:itemId`. */
export const itemParams = guildIdParams.extend({ itemId: inputUuid("must be an item id") });

/**
 * One plugin API endpoint below /api/plugins: a method, a path pattern whose
 * `:name` segments become params (always including guildId), its schemas and handler.
 * The catch-all route matches requests against the registered list.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- endpoints of every shape live in one list
export type PluginEndpoint = GuildEndpoint<any, any, any> & {
  method: Method;
  path: string;
  /** Which plugin (and collection) it serves, for listings and tests. */
  plugin: string;
  collection?: string;
};

export function endpoint<P extends { guildId: string }, Q, B>(
  spec: { method: Method; path: string; plugin: string; collection?: string; params: z.ZodType<P>; query?: z.ZodType<Q>; body?: z.ZodType<B> } & Pick<GuildEndpoint<P, Q, B>, "handler" | "budget" | "keepsPages">,
): PluginEndpoint {
  return spec as PluginEndpoint;
}

/** Matches `/a/:b/c` against path segments; returns the captured params or null. */
export function matchPath(pattern: string, segments: readonly string[]): Record<string, string> | null {
  const parts = pattern.split("/").filter(Boolean);
  if (parts.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of parts.entries()) {
    const segment = segments[index]!;
    if (part.startsWith(":")) params[part.slice(1)] = segment;
    else if (part !== segment) return null;
  }
  return params;
}
