import type { z } from "zod";
import type { GuildPickers } from "@/lib/guilds/pickers";
import { mapFields, referenceKind } from "@/lib/plugins/schema-walk";
import type { FieldUi } from "@/lib/plugins/types";
import { splitMentions, type MentionSegment } from "@/lib/templates/mentions";
import type { SettingsFile } from "./settings-file";

// Fields whose text the bot sends, where `<#id>` and `<@&id>` mentions point at the file's
// guild as much as an id field does. An embed list's every string is its text (title,
// description, fields, footer, author); its links cannot hold a mention.
const MESSAGE_UIS: readonly FieldUi[] = ["message", "textarea"];

/** Maps the file's channel and role ids to this guild's by name (and channel type); remembers what had no match. */
export class Remapper {
  private readonly channelsByName = new Map<string, string>();
  private readonly rolesByName = new Map<string, string>();
  private readonly missingChannels = new Set<string>();
  private readonly missingRoles = new Set<string>();

  constructor(
    private readonly file: SettingsFile,
    pickers: GuildPickers,
  ) {
    for (const channel of pickers.channels) this.channelsByName.set(`${channel.type}:${channel.name.toLowerCase()}`, channel.id);
    for (const role of pickers.roles) if (role.reason !== "everyone") this.rolesByName.set(role.name.toLowerCase(), role.id);
  }

  apply(schema: z.ZodObject, value: unknown): unknown {
    return mapFields(schema, value, (meta, fieldValue) => {
      if (meta.ui && MESSAGE_UIS.includes(meta.ui)) return this.text(fieldValue);
      if (meta.ui === "embeds") return this.everyText(fieldValue);
      const kind = referenceKind(meta.ui);
      if (!kind) return fieldValue;
      const map = (id: unknown) => (typeof id === "string" ? (kind === "channel" ? this.channel(id) : this.role(id)) : id);
      return Array.isArray(fieldValue) ? fieldValue.map(map).filter((id) => id !== null) : map(fieldValue);
    });
  }

  channelList(ids: unknown[]): string[] {
    return ids.map((id) => (typeof id === "string" ? this.channel(id) : null)).filter((id): id is string => id !== null);
  }

  unmatched() {
    return { channels: [...this.missingChannels].sort(), roles: [...this.missingRoles].sort() };
  }

  /**
   * The text with its channel and role mentions pointing at this guild. A mention without a
   * match reads as the name it had (`#rules`), plain text rather than a mention of nothing;
   * one the file cannot name (it was already dangling there) stays as it was. Member
   * mentions name a person, the same in every guild.
   */
  private text(value: unknown): unknown {
    if (typeof value !== "string") return value;
    return splitMentions(value).map((segment) => this.mention(segment)).join("");
  }

  private everyText(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((entry) => this.everyText(entry));
    if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, this.everyText(entry)]));
    return this.text(value);
  }

  private mention(segment: MentionSegment): string {
    if (segment.kind === "channel") {
      const match = this.channel(segment.id);
      const source = this.sourceChannel(segment.id);
      return match ? `<#${match}>` : source ? `#${source.name}` : segment.value;
    }
    if (segment.kind === "role") {
      const match = this.role(segment.id);
      const source = this.sourceRole(segment.id);
      return match ? `<@&${match}>` : source ? `@${source.name}` : segment.value;
    }
    return segment.value;
  }

  private channel(id: string): string | null {
    const source = this.sourceChannel(id);
    const match = source ? this.channelsByName.get(`${source.type}:${source.name.toLowerCase()}`) : undefined;
    if (!match) this.missingChannels.add(source ? `#${source.name}` : id);
    return match ?? null;
  }

  private role(id: string): string | null {
    const source = this.sourceRole(id);
    const match = source ? this.rolesByName.get(source.name.toLowerCase()) : undefined;
    if (!match) this.missingRoles.add(source ? `@${source.name}` : id);
    return match ?? null;
  }

  private sourceChannel(id: string) {
    return Object.hasOwn(this.file.channels, id) ? this.file.channels[id] : undefined;
  }

  private sourceRole(id: string) {
    return Object.hasOwn(this.file.roles, id) ? this.file.roles[id] : undefined;
  }
}
