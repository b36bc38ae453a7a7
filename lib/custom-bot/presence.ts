import { z } from "zod";
import { channelsField } from "@/lib/plugins/fields";
import { customIssue } from "@/lib/validation/issues";
import { inputText } from "@/lib/validation/text";
import { PRESENCE_ACTIVITY_TYPES, PRESENCE_STATUSES } from "./presence-options";

// What the owner sets of the custom bot besides its token, checked as the platform would: the
// status, the activity and its text (1–128 characters), a link only with the Streaming activity
// and only to Twitch or YouTube (the only hosts the platform shows a stream for); the backstory's
// channels. The routes parse with these; the page's forms show each refusal beside its field.
// Client-safe.

const STREAM_LINK = /^https?:\/\/(www\.|m\.)?(twitch\.tv|youtube\.com)\/\S+$/i;

/** Body of PUT set-custom-bot-status (spec 3). An empty link is no link. */
export const presenceSchema = z
  .strictObject({
    presence_status: z.enum(PRESENCE_STATUSES),
    presence_activity_type: z.enum(PRESENCE_ACTIVITY_TYPES),
    presence_activity_name: inputText().trim().min(1).max(128),
    presence_activity_url: z.preprocess((value) => (value === "" ? null : value), inputText().trim().max(512).nullable().default(null)),
  })
  .superRefine((presence, ctx) => {
    const url = presence.presence_activity_url;
    if (presence.presence_activity_type !== "streaming") {
      if (url) ctx.addIssue(customIssue("custom_bot_url_streaming_only", {}, ["presence_activity_url"]));
    } else if (!url || !STREAM_LINK.test(url)) {
      ctx.addIssue(customIssue("custom_bot_stream_url", {}, ["presence_activity_url"]));
    }
  });
export type Presence = z.output<typeof presenceSchema>;

/** Body of PUT backstory (spec 3): whether the bot chats with its backstory, and where (none: everywhere). */
export const backstorySchema = z.strictObject({ enable: z.boolean(), allowed_channels: channelsField(25) });
export type Backstory = z.output<typeof backstorySchema>;
