import type { ServerResponse } from "node:http";
import { escapeHtml as e, sendHtml, sendText } from "./http";
import { storedMessages, type StoredMessage } from "./messages";
import { BOT_USER_ID, type PlatformState } from "./state";

// What Discord's links open: a message (`/channels/{guild}/{channel}/{message}`) or a channel
// (`/channels/{guild}/{channel}`). Here, plain pages with the messages as the emulator stored
// them (text, embeds, buttons), so the dashboard's links to what the bot posted (the delivery
// log, a ticket panel) lead somewhere in the demo too, and a browser test can see them.

const PATH = /^\/channels\/(\d{1,20})\/(\d{1,20})(?:\/(\d{1,20}))?$/;

export function isMessagePage(path: string): boolean {
  return PATH.test(path);
}

type Button = { type: number; style?: number; label?: string; emoji?: { name?: string | null } | null; url?: string };

function buttons(message: StoredMessage): string {
  const rows = (message.components ?? []) as unknown as Array<{ components?: Button[] }>;
  return rows
    .map((row) => {
      const items = (row.components ?? []).filter((component) => component.type === 2);
      const drawn = items.map((button) => `<span class="button" role="button" aria-disabled="true" data-style="${button.style ?? 1}">${button.emoji?.name ? `${e(button.emoji.name)} ` : ""}${e(button.label ?? "")}</span>`);
      return drawn.length > 0 ? `<div class="row" data-testid="message-buttons">${drawn.join("")}</div>` : "";
    })
    .join("");
}

function article(message: StoredMessage): string {
  const embeds = (message.embeds ?? []).map((embed) => `<div class="embed">${embed.title ? `<h2>${e(embed.title)}</h2>` : ""}${embed.description ? `<p>${e(embed.description)}</p>` : ""}</div>`).join("");
  return `<article data-testid="message" data-message-id="${e(message.id)}"><p><span class="author">${e(message.author.global_name ?? message.author.username)}</span> <time datetime="${e(message.timestamp)}">${e(message.timestamp)}</time>${message.edited_timestamp ? ' <span class="edited">(edited)</span>' : ""}</p><p data-testid="message-content">${e(message.content)}</p>${embeds}${buttons(message)}</article>`;
}

export function handleMessagePage(res: ServerResponse, path: string, state: PlatformState): void {
  const [, guildId, channelId, messageId] = PATH.exec(path)!;
  const found = state.channel(channelId!);
  const channel = found?.channel;
  if (!channel || found.guild.id !== guildId) return sendText(res, 404, "404: This channel does not exist (any more).");
  const messages = (storedMessages(state, BOT_USER_ID, channelId) ?? []).filter((item) => item.guild_id === guildId && (messageId === undefined || item.id === messageId));
  if (messageId !== undefined && messages.length === 0) return sendText(res, 404, "404: This message does not exist (any more).");
  const body = messages.length > 0 ? messages.map(article).join("") : '<p data-testid="channel-empty">No messages here yet.</p>';
  sendHtml(
    res,
    200,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>#${e(channel.name ?? "channel")} · platform emulator</title>
<style>body{font:16px/1.5 system-ui,sans-serif;background:#313338;color:#dbdee1;margin:0;padding:2rem}main{max-width:40rem;margin:auto}article{margin-bottom:1.5rem}.author{font-weight:600;color:#fff}.edited,time{color:#949ba4;font-size:.8rem}.embed{border-inline-start:4px solid #5865f2;background:#2b2d31;padding:.5rem 1rem;margin-top:.5rem;border-radius:4px}.row{display:flex;gap:.5rem;margin-top:.5rem}.button{padding:.25rem 1rem;border-radius:4px;background:#4e5058;color:#fff}.button[data-style="1"]{background:#5865f2}.button[data-style="3"]{background:#248046}.button[data-style="4"]{background:#da373c}</style></head>
<body><main><h1>#${e(channel.name ?? channelId!)}</h1>${body}</main></body></html>`,
  );
}
