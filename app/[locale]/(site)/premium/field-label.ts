import "server-only";
import { humanize, type PluginText } from "@/app/[locale]/dashboard/[guildId]/plugin-text";
import { configFormSpec, itemFormSpec } from "@/lib/plugins/form-spec";
import { getPlugin } from "@/lib/plugins/index";

/** A field's label as its settings form shows it ("role_rewards", "pairs.role_id"). */
export function fieldLabel(text: PluginText, pluginId: string, collection: string | undefined, path: string): string {
  const plugin = getPlugin(pluginId);
  if (!plugin) return humanize(path);
  const spec = collection === undefined ? configFormSpec(plugin) : itemFormSpec(plugin, collection);
  return text.fields(pluginId, spec.fields, collection)[path]?.label ?? humanize(path.split(".").pop() ?? path);
}
