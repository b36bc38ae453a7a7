import type { ServerResponse } from "node:http";
import { escapeHtml as e, sendHtml, sendText } from "./http";
import { storedMessages } from "./messages";
import { BOT_USER_ID, type PlatformState } from "./state";

// What Discord's message link (`/channels/{guild}/{channel}/{message}`) opens: here, a plain
// page with the message as the emulator stored it, so the dashboard's links to what the bot
// posted (the delivery log) lead somewhere in the demo too.

const PATH = /^\/channels\/(\d{1,20})\/(\d{1,20})\/(\d{1,20})$/;

export function isMessagePage(path: string): boolean {
  return PATH.test(path);
}

export function handleMessagePage(res: ServerResponse, path: string, state: PlatformState): void {
  const [, guildId, channelId, messageId] = PATH.exec(path)!;
  const message = (storedMessages(state, BOT_USER_ID, channelId) ?? []).find((item) => item.id === messageId && item.guild_id === guildId);
  if (!message) return sendText(res, 404, "404: This message does not exist (any more).");
  const channel = state.channel(channelId!)?.channel;
  const embeds = (message.embeds ?? []).map((embed) => `<article class="embed">${embed.title ? `<h2>${e(embed.title)}</h2>` : ""}${embed.description ? `<p>${e(embed.description)}</p>` : ""}</article>`).join("");
  sendHtml(
    res,
    200,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>#${e(channel?.name ?? "channel")} · platform emulator</title>
<style>body{font:16px/1.5 system-ui,sans-serif;background:#313338;color:#dbdee1;margin:0;padding:2rem}main{max-width:40rem;margin:auto}.author{font-weight:600;color:#fff}.embed{border-inline-start:4px solid #5865f2;background:#2b2d31;padding:.5rem 1rem;margin-top:.5rem;border-radius:4px}time{color:#949ba4;font-size:.8rem}</style></head>
<body><main><p>#${e(channel?.name ?? channelId!)}</p><p><span class="author">${e(message.author.global_name ?? message.author.username)}</span> <time datetime="${e(message.timestamp)}">${e(message.timestamp)}</time></p><p data-testid="message-content">${e(message.content)}</p>${embeds}</main></body></html>`,
  );
}
