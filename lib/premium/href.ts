// Safe for the browser: the premium notices of the dashboard islands build their links here too.

/**
 * The premium page in a language. From a server's pages it names the server in `guild`,
 * so checkout (a later issue) can sell Premium for that server without asking which.
 */
export function premiumHref(locale: string, guildId?: string | null): string {
  return guildId ? `/${locale}/premium?${new URLSearchParams({ guild: guildId })}` : `/${locale}/premium`;
}
