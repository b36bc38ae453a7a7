import "server-only";
import { revalidatePath } from "next/cache";
import { LOCALES } from "@/lib/i18n/locales";

/**
 * Expires the cached overview of a guild in every language, so the next visit renders
 * it again with the write that just happened (the route pipeline calls this after every
 * successful guild write). Outside a Next.js request, as in the handler tests, there is
 * no page cache and nothing to expire.
 */
export function expireGuildPages(guildId: string): void {
  try {
    for (const locale of LOCALES) revalidatePath(`/${locale}/dashboard/${guildId}`);
  } catch (error) {
    if (!(error instanceof Error && error.message.includes("static generation store missing"))) throw error;
  }
}
