import { NextResponse } from "next/server";
import { guildIdParams } from "@/lib/platform/snowflake";
import { exportSettings } from "@/lib/settings-transfer/settings-transfer";
import { guildRoute } from "@/lib/http/route";


// GET /api/guilds/{id}/settings-export: the guild's whole configuration as a JSON file.
export const GET = guildRoute({ params: guildIdParams }, async ({ db, access }) => {
  const file = await exportSettings(db, access);
  return new NextResponse(JSON.stringify(file, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="guildhall-settings-${access.guildId}.json"`,
      "Cache-Control": "no-store",
    },
  });
});
