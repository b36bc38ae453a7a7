import { accountLinkFinalizeRoute } from "@/lib/account-links/routes";

// POST /api/plugins/twitter/oauth/{guildId}/finalize { state, code }: links the account that consented
export const POST = accountLinkFinalizeRoute("twitter");
