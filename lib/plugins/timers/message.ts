import "server-only";
import type { z } from "zod";
import type { MessageBody } from "@/lib/platform/messages-api";
import { NO_MENTIONS } from "../posting";
import type { timers } from "./definition";

type TimersConfig = z.output<typeof timers.configSchema>;

/** A timer's rendered message as the bot sends it, by its preview and on its schedule: an embed when the plugin says so, never a ping. */
export function timerMessageBody(config: Pick<TimersConfig, "use_embeds" | "embed_color">, content: string): MessageBody {
  return config.use_embeds
    ? { embeds: [{ description: content, ...(config.embed_color !== null ? { color: config.embed_color } : {}) }], allowed_mentions: NO_MENTIONS }
    : { content, allowed_mentions: NO_MENTIONS };
}
