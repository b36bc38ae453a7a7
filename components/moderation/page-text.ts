import "server-only";
import type { ModerationText } from "./text";

type Translate = ((key: string, values?: Record<string, string | number>) => string) & { raw: (key: string) => unknown };

/**
 * The moderation islands' words for this server. The islands fill {name}, {date}… themselves;
 * what a warning threshold reached says ("They reached 3 warnings") is worded here, where the
 * language's plural rules are at hand: the count is the plugin's threshold.
 */
export function moderationText(t: Translate, config: Record<string, unknown>): ModerationText {
  const text = structuredClone(t.raw("moderation") as ModerationText);
  const threshold = (name: string) => (typeof config[name] === "number" ? (config[name] as number) : 0);
  text.act.escalatedTimeout = t("moderation.act.escalatedTimeout", { count: threshold("mute_after_warnings"), duration: "{duration}" });
  text.act.escalatedBan = t("moderation.act.escalatedBan", { count: threshold("ban_after_warnings") });
  return text;
}
