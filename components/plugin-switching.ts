import { apiFetch, errorCodeOf, TransportError } from "@/lib/http/client-fetch";
import { announcePluginSaved, type PluginSaved } from "./plugin-events";
import { reportUnshownError } from "./report-error";

// Turning a plugin on or off, the one way every island does it (the page's switch, the
// overview's cards, "turn it on" offers). On a plugin's page its settings form takes the "on"
// over: the switch and the unsaved form then agree, as both go in one request, and what the
// plugin still needs is said beside its fields instead of in an error dialog.

/**
 * What a switch came to. `refused`: the plugin needs settings it lacks; `message` and `field`
 * say which when no form on the page has already shown it beside the field.
 */
export type SwitchOutcome = { status: "saved" } | { status: "refused"; message?: string; field?: string } | { status: "failed" };

type PluginForm = { turnOn: () => Promise<SwitchOutcome> };

const forms = new Map<string, PluginForm>();

/** A plugin's settings form takes over turning it on while it is mounted; returns the release. */
export function takeOverTurningOn(pluginId: string, form: PluginForm): () => void {
  forms.set(pluginId, form);
  return () => {
    if (forms.get(pluginId) === form) forms.delete(pluginId);
  };
}

export async function switchPlugin(guildId: string, pluginId: string, enabled: boolean): Promise<SwitchOutcome> {
  const form = forms.get(pluginId);
  if (enabled && form) return form.turnOn();
  try {
    const saved = await apiFetch<Omit<PluginSaved, "pluginId">>(`/plugins/${pluginId}/config/${guildId}`, { method: "PATCH", body: { enabled }, handles: ["validation_failed"] });
    announcePluginSaved({ pluginId, enabled: saved.enabled, config: saved.config, version: saved.version });
    return { status: "saved" };
  } catch (error) {
    if (error instanceof TransportError && errorCodeOf(error.body) === "validation_failed") {
      const [first] = ((error.body as { fields?: Array<{ path?: unknown }> }).fields ?? []).filter((field) => typeof field.path === "string");
      return { status: "refused", message: error.message, ...(first ? { field: first.path as string } : {}) };
    }
    reportUnshownError(error);
    return { status: "failed" };
  }
}
