import "server-only";
import { getEnv } from "@/lib/env";
import { listMessages, MAX_MESSAGES_PAGE } from "@/lib/platform/messages-api";

// How many messages people wrote in a channel since a message (the timer's last post): what
// skip_if_inactive and min_messages_between wait for. Bots (this one included) do not count.
// Reads pages forward from that message and stops once `enough` are counted.

export async function messagesSince(channelId: string, messageId: string, enough: number): Promise<number> {
  const botId = getEnv().DISCORD_CLIENT_ID;
  let count = 0;
  let after = messageId;
  for (;;) {
    // Newest first: the first message of a page is where the next one starts.
    const page = await listMessages(channelId, { after, limit: MAX_MESSAGES_PAGE });
    count += page.filter((message) => !message.author.bot && message.author.id !== botId).length;
    if (count >= enough || page.length < MAX_MESSAGES_PAGE || !page[0]) return count;
    after = page[0].id;
  }
}
