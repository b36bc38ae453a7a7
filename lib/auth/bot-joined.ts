// `?bot=joined` on the page the add-bot flow returns to (app/guild-oauth/page.tsx): that page
// confirms the bot joined. Apart from the flow's state parsing, which carries zod: the browser
// islands that read the flag must not download a schema library for a constant.

export const BOT_JOINED = { param: "bot", value: "joined" } as const;

/** The target path with the flag that makes it confirm the bot joined. */
export function botJoinedPath(targetPath: string): string {
  const url = new URL(targetPath, "http://target.invalid");
  url.searchParams.set(BOT_JOINED.param, BOT_JOINED.value);
  return `${url.pathname}${url.search}${url.hash}`;
}
