import { z } from "zod";
import { guildIdParams } from "@/lib/platform/snowflake";
import { applyImport, prepareImport } from "@/lib/settings-transfer/settings-transfer";
import { guildRoute } from "@/lib/http/route";

const body = z.strictObject({ file: z.unknown(), apply: z.boolean().default(false) });

// POST /api/guilds/{id}/settings-import: with apply=false shows the plan (and what has no match); apply=true writes it.
export const POST = guildRoute({ params: guildIdParams, body }, async ({ db, access, body }) => {
  const prepared = await prepareImport(db, access, body.file);
  if (body.apply) await applyImport(db, access, prepared);
  return { plan: prepared.plan, applied: body.apply };
});
