import "server-only";
import { revalidatePath } from "next/cache";
import { INSIDE_NEXT_SERVER } from "@/lib/env";
import { LOCALES } from "@/lib/i18n/locales";
import { PLUGIN_IDS } from "@/lib/plugins/index";
import { nextPageGeneration } from "./page-generation";

/**
 * Expires the cached pages of a guild (the overview and every plugin page) in every
 * language, so the next visit renders them again with the write that just happened (the
 * route pipeline calls this after every successful guild write). Next tags a cached page
 * with its own path, not its parents', so each path is named. Outside the Next server, as
 * in the handler tests, there is no page cache and nothing to expire.
 */
export function expireGuildPages(guildId: string): void {
  nextPageGeneration(guildId);
  if (!INSIDE_NEXT_SERVER) return;
  for (const locale of LOCALES) {
    const base = `/${locale}/dashboard/${guildId}`;
    revalidatePath(base);
    for (const plugin of PLUGIN_IDS) revalidatePath(`${base}/${plugin}`);
  }
}
