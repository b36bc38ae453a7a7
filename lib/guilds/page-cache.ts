import "server-only";
import { revalidatePath } from "next/cache";
import { INSIDE_NEXT_SERVER } from "@/lib/env";
import { LOCALES } from "@/lib/i18n/locales";
import { nextPageGeneration } from "./page-generation";

/**
 * Expires the cached overview of a guild in every language, so the next visit renders
 * it again with the write that just happened (the route pipeline calls this after every
 * successful guild write). Outside the Next server, as in the handler tests, there is
 * no page cache and nothing to expire.
 */
export function expireGuildPages(guildId: string): void {
  nextPageGeneration(guildId);
  if (!INSIDE_NEXT_SERVER) return;
  for (const locale of LOCALES) revalidatePath(`/${locale}/dashboard/${guildId}`);
}
