import { NextResponse } from "next/server";
import { z } from "zod";
import { inputText } from "@/lib/validation/text";
import { buildGuildEntity } from "@/lib/guilds/guild-entity";
import { guildSettingsPatch, updateGuildSettings } from "@/lib/guilds/guild-settings";
import { getGuildPickers } from "@/lib/guilds/pickers";
import { etag, expectedVersion } from "@/lib/http/etag";
import { guildRoute } from "@/lib/http/route";
import { assertReferencesExist } from "@/lib/plugins/rules";
import { channelsField } from "@/lib/plugins/fields";

const params = z.object({ guildId: inputText().regex(/^\d{17,20}$/, "must be a guild id") });
const ignoredChannels = z.object({ ignored_channel_ids: channelsField(100) });

// GET /api/guilds/{id}: the Guild entity (spec 3).
export const GET = guildRoute({ params }, async ({ db, access }) => {
  const guild = await buildGuildEntity(db, access);
  return NextResponse.json(guild, { headers: { ETag: etag(guild.version) } });
});

// PATCH /api/guilds/{id}: the settings a manager may change; If-Match guards lost updates.
export const PATCH = guildRoute({ params, body: guildSettingsPatch }, async ({ db, access, body, req }) => {
  if (body.ignored_channel_ids) assertReferencesExist(ignoredChannels, { ignored_channel_ids: body.ignored_channel_ids }, await getGuildPickers(access.guildId));
  await updateGuildSettings(db, { guildId: access.guildId, userId: access.userId, patch: body, expectedVersion: expectedVersion(req) });
  const guild = await buildGuildEntity(db, access);
  return NextResponse.json(guild, { headers: { ETag: etag(guild.version) } });
});
