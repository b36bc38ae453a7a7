import { z } from "zod";
import { inputText } from "@/lib/validation/text";
import { applyImport, prepareImport } from "@/lib/guilds/settings-transfer";
import { guildRoute } from "@/lib/http/route";

const params = z.object({ guildId: inputText().regex(/^\d{17,20}$/, "must be a guild id") });
const body = z.strictObject({ file: z.unknown(), apply: z.boolean().default(false) });

// POST /api/guilds/{id}/settings-import: with apply=false shows the plan (and what has no match); apply=true writes it.
export const POST = guildRoute({ params, body }, async ({ db, access, body }) => {
  const prepared = await prepareImport(access, body.file);
  if (body.apply) await applyImport(db, access, prepared);
  return { plan: prepared.plan, applied: body.apply };
});
