import { NextResponse } from "next/server";
import type { Db } from "@/lib/db/client";
import type { GuildAccess } from "@/lib/guilds/access";
import { buildGuildEntity } from "@/lib/guilds/guild-entity";
import { guildSettingsPatch, updateGuildSettings } from "@/lib/guilds/guild-settings";
import { etag, expectedVersion } from "@/lib/http/etag";
import { guildRoute } from "@/lib/http/route";
import { guildIdParams } from "@/lib/platform/snowflake";
import { readAllPluginStates } from "@/lib/plugins/plugin-states";
import { checkReferences } from "@/lib/plugins/rules";

const guildEntity = (db: Db, access: GuildAccess) => buildGuildEntity(db, access, readAllPluginStates(db, access.guildId));

// GET /api/guilds/{id}: the Guild entity (spec 3).
export const GET = guildRoute({ params: guildIdParams }, async ({ db, access }) => {
  const guild = await guildEntity(db, access);
  return NextResponse.json(guild, { headers: { ETag: etag(guild.version) } });
});

// PATCH /api/guilds/{id}: the settings a manager may change; If-Match guards lost updates.
export const PATCH = guildRoute({ params: guildIdParams, body: guildSettingsPatch }, async ({ db, access, body, req }) => {
  await checkReferences(db, access.guildId, "guild", body);
  await updateGuildSettings(db, { guildId: access.guildId, userId: access.userId, patch: body, expectedVersion: expectedVersion(req) });
  const guild = await guildEntity(db, access);
  return NextResponse.json(guild, { headers: { ETag: etag(guild.version) } });
});
