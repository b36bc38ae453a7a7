import { NextResponse } from "next/server";
import { guildRoute } from "@/lib/http/route";
import { createGuildRole, roleCreation } from "@/lib/guilds/new-role";
import { guildIdParams } from "@/lib/platform/snowflake";

// POST /api/guilds/{id}/roles {name, color?, mentionable?, hoist?}: "+ Create role" in a role
// picker; the new role, which every picker offers from then on.
export const POST = guildRoute({ params: guildIdParams, body: roleCreation }, async ({ access, body }) =>
  NextResponse.json({ role: await createGuildRole(access, body) }, { status: 201 }),
);
