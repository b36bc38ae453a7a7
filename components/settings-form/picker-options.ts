import { CHANNEL_TYPES_BY_UI, isChannelUi, type ChannelUi } from "@/lib/plugins/channel-uis";
import type { FieldUi } from "@/lib/plugins/types";
import type { ComboOption } from "./combobox";
import type { FormLabels, Pickers } from "./types";
import { channelsOfTypes, hexOf } from "./values";

// Builds the option lists of the channel and role pickers from the guild's pickers data.

/** Voice and stage channels carry their mark (a text channel reads as #name). */
const KIND_OF_TYPE: Partial<Record<number, "voice" | "stage">> = { 2: "voice", 13: "stage" };

export function isRoleUi(ui: FieldUi | undefined): boolean {
  return ui === "role" || ui === "roles" || ui === "mentionable_role";
}

/** A picker's channels, text channels before voice and stage ones (the platform numbers each group apart), each group by position. */
export function channelOptions(pickers: Pickers, ui: ChannelUi, labels: FormLabels): ComboOption[] {
  const categories = new Map(pickers.channels.filter((channel) => channel.type === 4).map((channel) => [channel.id, channel.name]));
  const voiceLike = (type: number) => (KIND_OF_TYPE[type] ? 1 : 0);
  return [...channelsOfTypes(pickers.channels, CHANNEL_TYPES_BY_UI[ui])]
    .sort((a, b) => voiceLike(a.type) - voiceLike(b.type))
    .map((channel) => {
      const kind = KIND_OF_TYPE[channel.type];
      return {
        value: channel.id,
        // Categories and voice channels are shown by name; text channels by slug, as the platform does.
        // As the platform shows it: "#👋-introductions", not the slug a typed search matches.
        label: channel.type === 0 || channel.type === 5 ? `#${channel.name}` : channel.name,
        hint: channel.parent_id ? categories.get(channel.parent_id) : undefined,
        ...(kind ? { icon: { kind, label: labels.channelKinds[kind] } } : {}),
      };
    });
}

/**
 * Roles highest first, as the platform lists them. A mention needs a mentionable role; a
 * role the bot gives must be one it can give; any other role field (access lists) takes any
 * role but @everyone ("leave empty for everyone" says that).
 */
export function roleOptions(pickers: Pickers, ui: FieldUi, labels: FormLabels, gives = false): ComboOption[] {
  const mentionOnly = ui === "mentionable_role";
  return [...pickers.roles]
    .filter((role) => (mentionOnly ? role.mentionable && role.reason !== "everyone" : true))
    .sort((a, b) => b.position - a.position)
    .map((role) => {
      const blocked = !mentionOnly && (gives ? !role.assignable : role.reason === "everyone");
      return {
        value: role.id,
        label: role.name,
        color: role.color ? hexOf(role.color) : "var(--grey-400)",
        disabled: blocked,
        hint: blocked ? labels.reasons[role.reason ?? "above_bot"] : undefined,
      };
    });
}

export function optionsFor(pickers: Pickers, ui: FieldUi | undefined, labels: FormLabels, gives = false): ComboOption[] {
  if (!ui) return [];
  if (isChannelUi(ui)) return channelOptions(pickers, ui, labels);
  if (isRoleUi(ui)) return roleOptions(pickers, ui, labels, gives);
  return [];
}

/** How a stored id reads when the channel or role no longer exists. */
export function unknownLabel(ui: FieldUi | undefined, labels: FormLabels): string {
  return isRoleUi(ui) ? labels.unknownRole : labels.unknownChannel;
}
