import { getPlugin } from "@/lib/plugins/index";

export type AuditTargetRef =
  | { kind: "plugin"; pluginId: string }
  | { kind: "item"; pluginId: string; collection: string; itemId: string }
  | { kind: "guild" };

/** Reads a target written by auditTarget; null for targets that cannot be reverted. */
export function parseTarget(target: string): AuditTargetRef | null {
  if (target === "guild") return { kind: "guild" };
  const [kind, pluginId, collection, itemId] = target.split(":");
  const plugin = pluginId ? getPlugin(pluginId) : undefined;
  if (kind === "plugin" && plugin && collection === undefined) return { kind: "plugin", pluginId: plugin.id };
  if (kind === "item" && plugin && collection && plugin.collections[collection] && itemId) return { kind: "item", pluginId: plugin.id, collection, itemId };
  return null;
}
