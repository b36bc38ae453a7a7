// Tests only: one realistic valid item per plugin collection ("plugin/collection"),
// pointing at the channel and role ids a test passes in.

/**
 * One realistic valid item per collection, with only its required fields where possible.
 * `emoji` is a custom emoji of the guild (guildRefs gives one); without it, a well-formed
 * reference no guild has, which only schema checks accept. Social sources are accounts of the
 * social fake (`social` is its origin, for the feeds it serves; test/social-harness.ts): writes
 * check each source with its provider.
 */
export function sampleItems({
  channel: CHANNEL,
  role: ROLE,
  emoji: EMOJI = "<:blue:323456789012345678>",
  social = "http://127.0.0.1:9",
}: {
  channel: string;
  role: string;
  emoji?: string;
  social?: string;
}): Record<string, Record<string, unknown>> {
  return {
    "guild_embeds/embeds": { name: "Rules", embeds: [{ title: "Rules", color: 0x4f7cff, fields: [{ name: "Be kind", value: "No insults.", inline: false }], image: { url: "https://example.com/a.png" } }] },
    "commands/commands": { name: "rules", response: "Read the rules in {server.name}." },
    "reaction_roles/messages": { channel_id: CHANNEL, message: "Pick your colour", mode: "unique", pairs: [{ emoji: "🔴", role_id: ROLE }, { emoji: EMOJI, role_id: ROLE }] },
    "automations/automations": { name: "Welcome role", trigger: { type: "member_join" }, actions: [{ type: "add_role", role_id: ROLE }] },
    "timers/timers": { name: "Rules reminder", channel_id: CHANNEL, message: "Read the rules!", interval_minutes: 120 },
    "rss/subscriptions": { source_id: `${social}/feeds/ada-notes.xml`, source_name: "Ada's notes", channel_id: CHANNEL },
    "podcasts/subscriptions": { source_id: `${social}/feeds/code-hour.xml`, source_name: "Ada's Code Hour", channel_id: CHANNEL },
    "kick/subscriptions": { source_id: "1204433", source_name: "ada", channel_id: CHANNEL, mention_role_id: ROLE },
    "tiktok/subscriptions": { source_id: "ada", source_name: "ada", channel_id: CHANNEL },
    "twitter/subscriptions": { source_id: "1580001122334455667", source_name: "ada", channel_id: CHANNEL },
    "twitch/streamers": { source_id: "141981764", source_name: "ada_plays", channel_id: CHANNEL, message: "", mention_role_id: null },
    "instagram/subscription": { source_id: "ada", source_name: "ada", channel_id: CHANNEL },
    "reddit/subreddits": { source_id: "t5_3b8kq", source_name: "r/adaprogramming", channel_id: CHANNEL },
    "youtube/subscriptions": { source_id: "UCa7dLovelaceAcademy01xQ", source_name: "Ada Lovelace Academy", channel_id: CHANNEL },
    "giveaways/giveaways": { prize: "Nitro", winners: 2, ends_at: "2030-01-01T12:00:00Z", channel_id: CHANNEL, required_role_ids: [ROLE] },
    "ticketing/panels": { title: "Support", channel_id: CHANNEL, embeds: [{ title: "Need help?", description: "Open a ticket and our team answers." }], buttons: [{ text: "Open a ticket", emoji: "🎫", style: "primary" }], support_role_ids: [ROLE] },
    "achievements/trophies": { name: "Chatterbox", condition: "messages_sent", threshold: 1000 },
    "economy/wares": { name: "VIP", price: 5000, role_id: ROLE, stock: 10 },
    "moderator/rules": { name: "No invites", trigger: "invites", actions: ["delete", "alert"], alert_channel_id: CHANNEL, exempt_role_ids: [ROLE] },
  };
}
