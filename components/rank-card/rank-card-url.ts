/** The rank card endpoint for a member (`@me`: the signed-in user), with unsaved values for a preview. */
export function rankCardUrl(guildId: string, values: Record<string, string> = {}, userId = "@me"): string {
  const query = new URLSearchParams(values).toString();
  return `/api/plugins/levels/guilds/${guildId}/rank-card/${userId}${query ? `?${query}` : ""}`;
}
