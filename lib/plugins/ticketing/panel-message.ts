import type { APIActionRowComponent, APIButtonComponentWithCustomId, APIEmbed, APIMessageComponentEmoji } from "discord-api-types/v10";
import { ButtonStyle, ComponentType } from "discord-api-types/v10";
import type { z } from "zod";
import { toPlatformEmbed } from "../embed-payload";
import type { ticketing } from "./definition";

// A ticket panel as the platform takes it: its text and embeds rendered like every message
// the bot sends, and one row of buttons whose custom_id names the panel and the button, so
// the bot knows which panel a press opens a ticket for (`ticket:{panel id}:{button index}`).

export type PanelItem = z.output<typeof ticketing.collections.panels.itemSchema>;
export type PanelMessage = { content: string | null; embeds: APIEmbed[]; components: APIActionRowComponent<APIButtonComponentWithCustomId>[] };

const STYLES = { primary: ButtonStyle.Primary, secondary: ButtonStyle.Secondary, success: ButtonStyle.Success, danger: ButtonStyle.Danger } as const;
const CUSTOM_EMOJI = /^<(a?):([A-Za-z0-9_]{2,32}):(\d{17,20})>$/;

/** The custom_id of a panel's button: what the bot reads back as the ticket_opened event's panel_id. */
export const panelButtonId = (panelId: string, index: number) => `ticket:${panelId}:${index}`;

/** A stored emoji ("🎫", "<:help:id>") as a component's emoji; none when blank. */
function buttonEmoji(stored: string): APIMessageComponentEmoji | undefined {
  const value = stored.trim();
  if (value === "") return undefined;
  const custom = CUSTOM_EMOJI.exec(value);
  return custom ? { id: custom[3], name: custom[2], ...(custom[1] ? { animated: true } : {}) } : { name: value };
}

export function buildPanelMessage(panelId: string, item: PanelItem, render: (text: string) => string = (text) => text, now = new Date()): PanelMessage {
  const buttons = item.buttons.map((button, index): APIButtonComponentWithCustomId => {
    const emoji = buttonEmoji(button.emoji);
    return { type: ComponentType.Button, style: STYLES[button.style], label: button.text, custom_id: panelButtonId(panelId, index), ...(emoji ? { emoji } : {}) };
  });
  return {
    content: item.content.trim() === "" ? null : render(item.content),
    embeds: item.embeds.map((embed) => toPlatformEmbed(embed, { render, now })),
    components: [{ type: ComponentType.ActionRow, components: buttons }],
  };
}
