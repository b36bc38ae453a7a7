import { NextResponse } from "next/server";
import { z } from "zod";
import { inputText } from "@/lib/validation/text";
import { exportSettings } from "@/lib/guilds/settings-transfer";
import { guildRoute } from "@/lib/http/route";

const params = z.object({ guildId: inputText().regex(/^\d{17,20}$/, "must be a guild id") });

// GET /api/guilds/{id}/settings-export: the guild's whole configuration as a JSON file.
export const GET = guildRoute({ params }, async ({ db, access }) => {
  const file = await exportSettings(db, access);
  return new NextResponse(JSON.stringify(file, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="guildhall-settings-${access.guildId}.json"`,
      "Cache-Control": "no-store",
    },
  });
});
