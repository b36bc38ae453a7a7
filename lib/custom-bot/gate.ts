import { hasEntitlement } from "@/lib/billing/entitlements";
import { CustomBotError } from "./errors";

/** Whether the guild's subscriptions include the custom bot (the add-on, or an offer with it: lib/billing/entitlements.ts). */
export const includesCustomBot = (buffs: readonly string[]) => hasEntitlement(buffs, "custom_bot");

/** Setting a custom bot up or changing it needs the entitlement; turning it off never does. */
export function assertIncluded(buffs: readonly string[]): void {
  if (!includesCustomBot(buffs)) throw new CustomBotError("custom_bot_not_included");
}
