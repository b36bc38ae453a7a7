// Linking a guild's Twitch, X or TikTok account by OAuth (spec 2, 7, 9): what the server, the
// return page and the island share. Client-safe.

export const LINK_PROVIDERS = ["twitch", "twitter", "tiktok"] as const;
export type LinkProvider = (typeof LINK_PROVIDERS)[number];

export function isLinkProvider(value: string): value is LinkProvider {
  return (LINK_PROVIDERS as readonly string[]).includes(value);
}

/** The linked account as every answer shows it: the provider's stable id and its handle. */
export type LinkedAccount = { id: string; name: string; display_name: string; avatar_url: string | null };

export type LinkStatus = { linked: false } | { linked: true; account: LinkedAccount };

/** What the return page posts to its opener once the account is linked. */
export const PLUGIN_OAUTH_MESSAGE_TYPE = "plugin-oauth";
export type PluginOAuthMessage = { type: typeof PLUGIN_OAUTH_MESSAGE_TYPE; provider: LinkProvider; guildId: string; account: LinkedAccount };

/** Where every provider sends the browser back: one address to register with each. */
export const RETURN_PATH = "/plugin-oauth";
