import { NextResponse } from "next/server";
import { readImageForm } from "@/lib/images/form";
import { storeGuildImage } from "@/lib/images/upload";
import { guildRoute } from "@/lib/http/route";
import { guildIdParams } from "@/lib/platform/snowflake";


// POST /api/guilds/{id}/images: multipart `image` (PNG, JPEG, GIF or WebP, ≤ 8 MB, ≤ 4096×4096) and optional `plugin_id`.
// The body is read only here, after the pipeline checked session, XSRF, permission and rate limit.
export const POST = guildRoute({ params: guildIdParams }, async ({ req, db, access }) => {
  const form = await readImageForm(req);
  const image = await storeGuildImage(db, { guildId: access.guildId, userId: access.userId, pluginId: form.pluginId, bytes: form.image });
  return NextResponse.json(image, { status: 201 });
});
