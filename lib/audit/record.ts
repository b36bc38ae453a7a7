import "server-only";
import type { Tx } from "@/lib/db/client";
import { auditEvents } from "@/lib/db/schema";
import { noteAudit } from "./collect";

export type AuditAction =
  | "plugin.update"
  | "item.create"
  | "item.update"
  | "item.delete"
  | "guild.update"
  | "settings.import"
  | "revert"
  | "billing.update"
  | "account.link"
  | "account.unlink"
  | "moderation.case"
  | "moderation.lockdown"
  | "recording.delete"
  | "staff.credits_grant"
  | `custom_bot.${"enable" | "update" | "disable" | "block" | "acknowledge" | "status" | "backstory" | "avatar" | "token_handout"}`;

/** Targets: `plugin:<id>`, `item:<plugin>:<collection>:<itemId>`, `guild`, `account-link:<provider>`, `plugin:custom_bot:bot` (the custom bot itself, never reverted), `plugin:record:recording:<id>` (a deleted recording). */
export const auditTarget = {
  plugin: (pluginId: string) => `plugin:${pluginId}`,
  item: (pluginId: string, collection: string, itemId: string) => `item:${pluginId}:${collection}:${itemId}`,
  guild: () => "guild",
  accountLink: (provider: string) => `account-link:${provider}`,
  customBot: () => "plugin:custom_bot:bot",
  /** A recording the bot made (not a setting: never reverted). */
  recording: (recordingId: string) => `plugin:record:recording:${recordingId}`,
  /** Credits staff gave the guild (a ledger line: never reverted). */
  creditGrant: (lineId: number) => `plugin:credits:grant:${lineId}`,
};

/** Written inside the transaction of the change it describes, so neither exists without the other. */
export async function recordAudit(
  tx: Tx,
  event: { guildId: string; userId: string; action: AuditAction; target: string; before: unknown; after: unknown },
): Promise<number> {
  const [row] = await tx
    .insert(auditEvents)
    .values({ ...event, before: event.before ?? null, after: event.after ?? null })
    .returning({ id: auditEvents.id });
  noteAudit({ id: row!.id, guildId: event.guildId, userId: event.userId, action: event.action, target: event.target });
  return row!.id;
}
