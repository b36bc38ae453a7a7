import { accountLinkFinalizeRoute } from "@/lib/account-links/routes";

// POST /api/plugins/twitch/oauth/{guildId}/finalize { state, code }: links the account that consented
export const POST = accountLinkFinalizeRoute("twitch");
