import "server-only";
import { Unleash, type Context } from "unleash-client";

// Unleash's Node SDK, with one addition: every enabled flag for a context, as the frontend API
// answers it (lib/flags/frontend-api.ts). Those evaluations are not counted as use: the browser
// counts what it reads itself and posts its own metrics (spec 7), so counting here too would
// report every flag as used on every fetch.

/** One flag of the frontend API's answer (only enabled flags are sent). */
export type FrontendToggle = {
  name: string;
  enabled: true;
  variant: { name: string; enabled: boolean; payload?: { type: string; value: string } };
  impressionData: boolean;
};

export class FlagEngine extends Unleash {
  frontendToggles(context: Context): FrontendToggle[] {
    const full = { ...this.staticContext, ...context };
    return this.getFeatureToggleDefinitions()
      .flatMap((flag): FrontendToggle[] => {
        // forceGetVariant: the SDK's evaluation for proxies, the flag's state checked once.
        const variant = this.client.forceGetVariant(flag.name, full);
        if (!variant.feature_enabled) return [];
        const { name, enabled, payload } = variant;
        return [{ name: flag.name, enabled: true, variant: payload ? { name, enabled, payload } : { name, enabled }, impressionData: flag.impressionData ?? false }];
      })
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
}
