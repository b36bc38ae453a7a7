import type { PremiumSetting } from "@/lib/premium/comparison";

type Translate = (key: "on" | "off" | "onOrOff" | "range" | "notAvailable" | "defaultOnly" | "adjustable", values?: Record<string, string | number>) => string;

/**
 * The two cells of a premium-only setting: what a free server is held to (its default)
 * and the choice Premium opens up, as concrete as the schema allows.
 */
export function describeSetting(setting: PremiumSetting, t: Translate): { free: string; premium: string } {
  if (setting.type === "boolean") return { free: t(setting.default === true ? "on" : "off"), premium: t("onOrOff") };
  const free = setting.default === null || setting.default === "" ? t("notAvailable") : typeof setting.default === "number" ? String(setting.default) : t("defaultOnly");
  const ranged = (setting.type === "integer" || setting.type === "number") && setting.min !== undefined && setting.max !== undefined;
  return { free, premium: ranged ? t("range", { min: setting.min!, max: setting.max! }) : t("adjustable") };
}
