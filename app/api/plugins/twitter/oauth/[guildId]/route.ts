import { accountLinkRoutes } from "@/lib/account-links/routes";

// GET (is an account linked?), POST (start: the consent page's URL), DELETE (unlink) /api/plugins/twitter/oauth/{guildId}
export const { GET, POST, DELETE } = accountLinkRoutes("twitter");
