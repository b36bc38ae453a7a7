import { guildRoute } from "@/lib/http/route";
import { answerGuildSurvey, guildSurveyAnswers } from "@/lib/onboarding/survey";
import { guildIdParams } from "@/lib/platform/snowflake";

// POST /api/guilds/{id}/onboarding_survey {discord_usage, is_business}: what the server is for;
// the Guild entity shows the answers. Nothing a page shows changes.
export const POST = guildRoute({ params: guildIdParams, body: guildSurveyAnswers }, async ({ db, access, body, changesOnlyPagesOf }) => {
  changesOnlyPagesOf();
  return { survey: await answerGuildSurvey(db, { guildId: access.guildId, userId: access.userId, answers: body }) };
});
