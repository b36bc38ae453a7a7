import { collectionLimit } from "../collection-limit";
import { automations, type Automation } from "./definition";

// The automations the bot runs on events (GET /api/bot/guilds/{id}/config `automations`): the
// plugin on, each automation on, within the plan's count of the list, schedules left out (the
// job engine runs them, schedule.ts). Pure: the config read hands it the snapshot's rows.

type Listed = Record<string, unknown> & { id: string; position?: unknown; version?: unknown };

export function eventAutomations(pluginOn: boolean, items: readonly Listed[], buffs: readonly string[]) {
  if (!pluginOn) return [];
  const definition = automations.collections.automations;
  return items.slice(0, collectionLimit(definition, buffs)).flatMap(({ id, position: _position, version: _version, ...data }) => {
    const parsed = definition.itemSchema.safeParse(definition.upgrade!(data));
    if (!parsed.success) return [];
    const { name, enabled, trigger, conditions, actions } = parsed.data as Automation;
    return enabled && trigger.type !== "schedule" ? [{ id, name, trigger, conditions, actions }] : [];
  });
}
