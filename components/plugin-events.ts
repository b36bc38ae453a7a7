// Tells islands on the same page that a plugin's stored state changed, so the enable
// switch and the settings form agree on the latest version without a refetch.

export type PluginSaved = { pluginId: string; enabled: boolean; config: Record<string, unknown>; version: number };

const EVENT = "guildhall:plugin-saved";

export function announcePluginSaved(detail: PluginSaved): void {
  window.dispatchEvent(new CustomEvent<PluginSaved>(EVENT, { detail }));
}

export function onPluginSaved(listener: (detail: PluginSaved) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<PluginSaved>).detail);
  window.addEventListener(EVENT, handler);
  return () => window.removeEventListener(EVENT, handler);
}
