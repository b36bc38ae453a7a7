import type { z } from "zod";
import type { GuildPickers } from "@/lib/guilds/pickers";
import { mapFields, referenceKind } from "@/lib/plugins/schema-walk";
import type { SettingsFile } from "./settings-file";

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

  private channel(id: string): string | null {
    const source = Object.hasOwn(this.file.channels, id) ? this.file.channels[id] : undefined;
    const match = source ? this.channelsByName.get(`${source.type}:${source.name.toLowerCase()}`) : undefined;
    if (!match) this.missingChannels.add(source ? `#${source.name}` : id);
    return match ?? null;
  }

  private role(id: string): string | null {
    const source = Object.hasOwn(this.file.roles, id) ? this.file.roles[id] : undefined;
    const match = source ? this.rolesByName.get(source.name.toLowerCase()) : undefined;
    if (!match) this.missingRoles.add(source ? `@${source.name}` : id);
    return match ?? null;
  }
}
