import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { guildSurveys } from "@/lib/db/schema";

// The onboarding survey of a server (POST /guilds/{id}/onboarding_survey): what it is for and
// whether it belongs to a business, asked once a manager has the bot in it. Answering again
// replaces the answers. They are the Guild entity's `discord_usage` and `is_business`, null
// until someone answers.

/** What a server is for, as the survey offers it. */
export const DISCORD_USAGES = ["gaming", "friends", "community", "creator", "education", "business", "other"] as const;
export type DiscordUsage = (typeof DISCORD_USAGES)[number];

export const guildSurveyAnswers = z.strictObject({
  discord_usage: z.enum(DISCORD_USAGES),
  is_business: z.boolean(),
});

export type GuildSurvey = { discord_usage: DiscordUsage | null; is_business: boolean | null };

export async function readGuildSurvey(db: Db, guildId: string): Promise<GuildSurvey> {
  const [row] = await db.select().from(guildSurveys).where(eq(guildSurveys.guildId, guildId)).limit(1);
  return row ? { discord_usage: row.discordUsage as DiscordUsage, is_business: row.isBusiness } : { discord_usage: null, is_business: null };
}

export async function answerGuildSurvey(db: Db, input: { guildId: string; userId: string; answers: z.infer<typeof guildSurveyAnswers> }): Promise<GuildSurvey> {
  const values = { discordUsage: input.answers.discord_usage, isBusiness: input.answers.is_business, answeredBy: input.userId, answeredAt: new Date() };
  await db
    .insert(guildSurveys)
    .values({ guildId: input.guildId, ...values })
    .onConflictDoUpdate({ target: guildSurveys.guildId, set: values });
  return { discord_usage: input.answers.discord_usage, is_business: input.answers.is_business };
}
