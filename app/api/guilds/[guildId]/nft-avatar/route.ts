import { cryptoSettings } from "@/lib/billing/crypto/settings";
import { ApiError } from "@/lib/http/api-error";
import { guildRoute } from "@/lib/http/route";
import { currentAvatar, resetNftAvatar, setAvatarBody, setNftAvatar } from "@/lib/nft-avatars/avatar";
import { guildIdParams } from "@/lib/platform/snowflake";

// GET /api/guilds/{id}/nft-avatar: the NFT that is the bot's avatar in the server, or null.
// POST { token_id }: sets one of the caller's NFTs of the server's collection (checked on chain
// now, and again by the job engine); NFT avatars is a premium plugin, so a free server is refused
// (a server whose Premium ended may still reset). DELETE: the bot's own avatar again. Managers only.
export const GET = guildRoute({ params: guildIdParams }, async ({ access, db }) => ({ avatar: await currentAvatar(db, access.guildId) }));

export const POST = guildRoute({ params: guildIdParams, body: setAvatarBody }, async ({ access, db, session, body, changesOnlyPagesOf }) => {
  if (!access.premium) throw new ApiError(403, "premium_required", "NFT avatars is a premium plugin.");
  changesOnlyPagesOf("nft_avatars");
  const avatar = await setNftAvatar(db, cryptoSettings(), { guildId: access.guildId, userId: session.userId, tokenId: body.token_id });
  return Response.json({ avatar }, { status: 201 });
});

export const DELETE = guildRoute({ params: guildIdParams }, async ({ access, db, changesOnlyPagesOf }) => {
  changesOnlyPagesOf("nft_avatars");
  await resetNftAvatar(db, access.guildId, "A manager reset the bot's avatar");
  return new Response(null, { status: 204 });
});
