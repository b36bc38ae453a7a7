import "server-only";
import { guildIdParams } from "@/lib/platform/snowflake";
import { endpoint, type PluginEndpoint } from "../endpoint";
import { automations } from "./definition";
import { dryRunAutomation, dryRunBody } from "./dry-run";

// The automation editor's "Try it" (dry-run.ts); saving goes through the generic item endpoints.
export function automationsEndpoints(): PluginEndpoint[] {
  return [
    endpoint({
      method: "POST",
      path: "/automations/guilds/:guildId/automations/dry-run",
      plugin: automations.id,
      params: guildIdParams,
      body: dryRunBody,
      // Reads only: a dry run changes nothing a page shows.
      keepsPages: true,
      handler: async ({ db, access, body }) => dryRunAutomation(db, access, body),
    }),
  ];
}
