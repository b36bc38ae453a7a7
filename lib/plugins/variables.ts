import { isProviderId, PROVIDER_VARIABLES } from "@/lib/providers/variables";

// The variables a plugin's own messages get besides the common ones of lib/templates/variables.ts:
// a social alert's (`{streamer}`…) and a birthday's `{age}`. The bot fills them from the item it
// posts; the message editor lists them in its `{` menu with the one-line descriptions of
// messages/<locale>.json "pluginVariables". Client-safe.

const OWN: Readonly<Record<string, readonly string[]>> = {
  birthdays: ["age"],
};

export function pluginVariables(pluginId: string): readonly string[] {
  return isProviderId(pluginId) ? PROVIDER_VARIABLES[pluginId] : (OWN[pluginId] ?? []);
}

/** Every plugin variable name, once: the keys of the descriptions. */
export const ALL_PLUGIN_VARIABLES: readonly string[] = [...new Set([...Object.values(PROVIDER_VARIABLES).flat(), ...Object.values(OWN).flat()])];
