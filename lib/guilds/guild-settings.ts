import "server-only";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { issue } from "@/lib/validation/issues";
import { inputText } from "@/lib/validation/text";
import { auditTarget, recordAudit } from "@/lib/audit/record";
import { recordChanges } from "@/lib/bot-contract/record-change";
import type { Db } from "@/lib/db/client";
import { guildSettings } from "@/lib/db/schema";
import { versionConflict } from "@/lib/http/api-error";
import { LOCALES } from "@/lib/i18n/locales";
import { sameValue } from "@/lib/json/same-value";
import { platformId } from "@/lib/platform/snowflake";
import { timeZoneName } from "@/lib/time/zone-name";
import { defaultGuildSettings, type GuildSettingsRow } from "./settings-queries";

/** The guild settings a manager may change through PATCH /api/guilds/{id} (spec 3 field names). */
export const guildSettingsPatch = z.strictObject({
  activePrefix: inputText().min(1).max(5).regex(/^\S+$/, issue("no_spaces")).optional(),
  application_commands_enabled: z.boolean().optional(),
  application_commands_localized: z.boolean().optional(),
  default_embed_color: z.number().int().min(0).max(0xffffff).nullable().optional(),
  ignored_channel_ids: z.array(platformId("channel")).max(100).optional(),
  onboarding: z.boolean().optional(),
  locale: z.enum(LOCALES).nullable().optional(),
  /** Where the dashboard's date pickers start; null = not set (each browser's own zone). */
  timezone: timeZoneName().nullable().optional(),
});
export type GuildSettingsPatch = z.infer<typeof guildSettingsPatch>;

/** The user-facing view of the row, as stored in audit events (before/after). */
export function settingsView(row: GuildSettingsRow) {
  return {
    activePrefix: row.prefix,
    application_commands_enabled: row.applicationCommandsEnabled,
    application_commands_localized: row.applicationCommandsLocalized,
    default_embed_color: row.defaultEmbedColor,
    ignored_channel_ids: row.ignoredChannelIds,
    onboarding: row.onboarding,
    locale: row.locale,
    timezone: row.timezone,
  };
}
export type SettingsView = ReturnType<typeof settingsView>;

function toColumns(view: Partial<SettingsView>) {
  return {
    ...(view.activePrefix !== undefined && { prefix: view.activePrefix }),
    ...(view.application_commands_enabled !== undefined && { applicationCommandsEnabled: view.application_commands_enabled }),
    ...(view.application_commands_localized !== undefined && { applicationCommandsLocalized: view.application_commands_localized }),
    ...(view.default_embed_color !== undefined && { defaultEmbedColor: view.default_embed_color }),
    ...(view.ignored_channel_ids !== undefined && { ignoredChannelIds: view.ignored_channel_ids }),
    ...(view.onboarding !== undefined && { onboarding: view.onboarding }),
    ...(view.locale !== undefined && { locale: view.locale }),
    ...(view.timezone !== undefined && { timezone: view.timezone }),
  };
}

/**
 * Applies a change, its audit row and its change for the bot in one transaction; If-Match (expectedVersion) guards lost
 * updates. A change that changes nothing (`{}`, or the values already stored) writes no version
 * and no audit row, and answers the stored settings.
 */
export async function updateGuildSettings(
  db: Db,
  input: { guildId: string; userId: string; patch: Partial<SettingsView>; expectedVersion?: number; action?: "guild.update" | "revert" | "settings.import" },
): Promise<GuildSettingsRow> {
  return db.transaction(async (tx) => {
    await tx.insert(guildSettings).values({ guildId: input.guildId, version: 0 }).onConflictDoNothing();
    const [current] = await tx.select().from(guildSettings).where(eq(guildSettings.guildId, input.guildId)).for("update");
    const before = current ?? defaultGuildSettings(input.guildId);
    if (input.expectedVersion !== undefined && input.expectedVersion !== before.version) throw versionConflict();
    const stored = settingsView(before);
    if (Object.entries(input.patch).every(([key, value]) => value === undefined || sameValue(stored[key as keyof SettingsView], value))) return before;
    const [row] = await tx
      .update(guildSettings)
      .set({ ...toColumns(input.patch), version: sql`${guildSettings.version} + 1`, updatedAt: new Date(), updatedBy: input.userId })
      .where(eq(guildSettings.guildId, input.guildId))
      .returning();
    await recordAudit(tx, { guildId: input.guildId, userId: input.userId, action: input.action ?? "guild.update", target: auditTarget.guild(), before: settingsView(before), after: settingsView(row!) });
    await recordChanges(tx, input.guildId, [{ kind: "guild_settings", value: settingsView(row!) }]);
    return row!;
  });
}
