import { NextResponse } from "next/server";
import { z } from "zod";
import { inputText } from "@/lib/validation/text";
import { readImageForm } from "@/lib/images/form";
import { storeGuildImage } from "@/lib/images/upload";
import { guildRoute } from "@/lib/http/route";

const params = z.object({ guildId: inputText().regex(/^\d{17,20}$/, "must be a guild id") });

// POST /api/guilds/{id}/images: multipart `image` (PNG, JPEG, GIF or WebP, ≤ 8 MB, ≤ 4096×4096) and optional `plugin_id`.
// The body is read only here, after the pipeline checked session, XSRF, permission and rate limit.
export const POST = guildRoute({ params }, async ({ req, db, access }) => {
  const form = await readImageForm(req);
  const image = await storeGuildImage(db, { guildId: access.guildId, userId: access.userId, pluginId: form.pluginId, bytes: form.image });
  return NextResponse.json(image, { status: 201 });
});
