import "server-only";
import { z } from "zod";
import { NextResponse } from "next/server";
import { EMOJI_NAME } from "@/lib/emojis/rules";
import { deleteEmoji, loadEmojiGallery, renameEmoji, uploadEmoji } from "@/lib/emojis/manage";
import { validationError } from "@/lib/http/api-error";
import { readImageUpload } from "@/lib/images/form";
import { guildIdParams, platformId } from "@/lib/platform/snowflake";
import { issue } from "@/lib/validation/issues";
import { inputText } from "@/lib/validation/text";
import { endpoint, type PluginEndpoint } from "../endpoint";
import { emojis } from "./definition";

// The server's emojis (spec 7: "server-emojis list and gallery; serveremojis create/patch/delete"),
// under /api/plugins/emojis/guilds/{guild}/: the gallery with its slots, an upload (multipart:
// `image`, `name`), a rename and a delete, each made on the platform by the bot.

const emojiName = inputText().regex(EMOJI_NAME, issue("invalid_emoji_name"));
const emojiParams = guildIdParams.extend({ emojiId: platformId("emoji") });
const uploadFields = z.object({ name: z.array(inputText()).max(1).transform((values) => values[0] ?? "").pipe(emojiName) });

export function emojisEndpoints(): PluginEndpoint[] {
  const path = (rest: string) => `/emojis/guilds/:guildId/${rest}`;
  const common = { plugin: emojis.id };
  return [
    endpoint({
      ...common,
      method: "GET",
      path: path("server-emojis"),
      params: guildIdParams,
      handler: async ({ params }) => loadEmojiGallery(params.guildId),
    }),
    endpoint({
      ...common,
      method: "POST",
      path: path("serveremojis"),
      params: guildIdParams,
      // The multipart body is read here, once the pipeline checked session, XSRF, permission and budget.
      handler: async ({ req, params }) => {
        const { image, form } = await readImageUpload(req);
        const fields = uploadFields.safeParse({ name: form.getAll("name") });
        if (!fields.success) throw validationError(fields.error, "body");
        return NextResponse.json({ emoji: await uploadEmoji(params.guildId, fields.data.name, image) }, { status: 201 });
      },
    }),
    endpoint({
      ...common,
      method: "PATCH",
      path: path("serveremojis/:emojiId"),
      params: emojiParams,
      body: z.strictObject({ name: emojiName }),
      handler: async ({ params, body }) => ({ emoji: await renameEmoji(params.guildId, params.emojiId, body.name) }),
    }),
    endpoint({
      ...common,
      method: "DELETE",
      path: path("serveremojis/:emojiId"),
      params: emojiParams,
      handler: async ({ params }) => {
        await deleteEmoji(params.guildId, params.emojiId);
        return new NextResponse(null, { status: 204 });
      },
    }),
  ];
}
