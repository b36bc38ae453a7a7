import "server-only";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import type { GuildAccess } from "@/lib/guilds/access";
import { getGuildPickers } from "@/lib/guilds/pickers";
import { withSampleUser } from "@/lib/templates/context";
import { channelField, emojiField, integer, rolesField, roleField, snowflake, text } from "../fields";
import { guildTemplateContext } from "../posting";
import { assertPremiumAllowed, checkReferences } from "../rules";
import { automations, type Automation } from "./definition";
import { planAutomation, type AutomationEvent, type PlannedStep } from "./plan";
import { MEMBER_TRIGGERS } from "./vocabulary";

// "Try it": an automation (saved or not) and a sample event, answered with what each action
// would do. Nothing is sent, given or called: no platform write, no webhook.

/** The sample event the owner fills in; only what the automation's trigger uses is read. */
export const sampleEvent = z.strictObject({
  member_name: text(100, "member"),
  member_role_ids: rolesField(25),
  account_age_days: integer(0, 36_500, 30),
  channel_id: channelField(),
  message: text(2000),
  message_id: snowflake.nullable().default(null),
  role_id: roleField(),
  emoji: emojiField(),
});
export type SampleEvent = z.output<typeof sampleEvent>;

export const dryRunBody = z.strictObject({
  automation: automations.collections.automations.itemSchema,
  sample: sampleEvent.prefault({}),
});

export async function dryRunAutomation(db: Db, access: GuildAccess, body: { automation: Record<string, unknown>; sample: SampleEvent }): Promise<{ steps: PlannedStep[] }> {
  const automation = body.automation as Automation;
  const { sample } = body;
  // The same checks a save makes, so what is tried could be saved.
  assertPremiumAllowed(automations, automations.collections.automations.itemSchema, automation, access.premium);
  await checkReferences(db, access.guildId, { plugin: automations, collection: "automations" }, automation, { at: "automation" });
  await checkReferences(db, access.guildId, { schema: sampleEvent }, sample, { at: "sample" });
  const pickers = await getGuildPickers(access.guildId);
  const channels = new Map(pickers.channels.map((channel) => [channel.id, channel.name]));
  const roles = new Map(pickers.roles.map((role) => [role.id, role.name]));
  const member = MEMBER_TRIGGERS.includes(automation.trigger.type);
  const context = await guildTemplateContext(access, sample.channel_id, pickers);
  const event: AutomationEvent = {
    ...(member ? { member: { id: access.userId, name: sample.member_name, roleIds: sample.member_role_ids, accountAgeDays: sample.account_age_days } } : {}),
    channelId: sample.channel_id,
    message: { content: sample.message, ...(sample.message_id ? { id: sample.message_id } : {}) },
    roleId: sample.role_id,
    emoji: sample.emoji || null,
  };
  const withMember = member ? withSampleUser(context, { id: access.userId, username: sample.member_name, global_name: null, avatar: null }) : context;
  return { steps: planAutomation(automation, event, withMember, { channel: (id) => channels.get(id), role: (id) => roles.get(id) }) };
}
