import "server-only";
import { getTranslations } from "next-intl/server";
import panelStyles from "@/components/action-panel/action-panel.module.css";
import styles from "@/components/automations/automations.module.css";
import type { AutomationText } from "@/components/automations/text";
import { getFormStrings } from "../form-labels";
import { hasEntitlement } from "@/lib/billing/entitlements";
import { packPickers } from "@/lib/guilds/packed-pickers";
import { getGuildPickers } from "@/lib/guilds/pickers";
import { getGuildSettings } from "@/lib/guilds/settings-queries";
import type { Locale } from "@/lib/i18n/locales";
import { automations, type Automation, type AutomationAction, type AutomationCondition } from "@/lib/plugins/automations/definition";
import { ACTION_LIMITS } from "@/lib/plugins/automations/vocabulary";
import { listItems } from "@/lib/plugins/items";
import { AutomationList } from "@/components/automations/automation-list";

const definition = automations.collections.automations;
const shape = definition.itemSchema.shape;

/** The Automations page's editor: the server's automations, drawn here; editing, saving and "Try it" in the island. */
export async function AutomationsSection({ guildId, locale }: { guildId: string; locale: Locale }) {
  const [list, pickers, settings, strings, t] = await Promise.all([
    listItems(guildId, automations.id, "automations", { limit: 100, offset: 0 }),
    getGuildPickers(guildId),
    getGuildSettings(guildId),
    getFormStrings(locale, { pickers: true }),
    getTranslations({ locale }),
  ]);
  const text = t.raw("automationEditor") as AutomationText;
  const premium = hasEntitlement(settings.buffs, "premium");
  // A new automation, condition and action as the schema fills them in: one source of defaults.
  const blanks = {
    automation: { name: "", enabled: true, trigger: shape.trigger.parse({}), conditions: [], actions: [shape.actions.element.parse({})] } as Automation,
    condition: shape.conditions.unwrap().element.parse({}) as AutomationCondition,
    action: shape.actions.element.parse({}) as AutomationAction,
  };
  // Items as stored read through the schema, so every field the editor shows has its value.
  const items = list.items.map((item) => {
    const parsed = definition.itemSchema.safeParse(item.data);
    return { id: item.id, data: (parsed.success ? parsed.data : { ...blanks.automation, ...item.data }) as Automation };
  });
  return (
    <section className={`${panelStyles.card} ${styles.section}`} aria-labelledby="automations-heading">
      <div className={panelStyles.header}>
        <h2 id="automations-heading">{text.title}</h2>
        <p>{text.intro}</p>
      </div>
      <AutomationList
        guildId={guildId}
        initial={items}
        limits={{ automations: list.max, actions: premium ? ACTION_LIMITS.premium : ACTION_LIMITS.free }}
        blanks={blanks}
        pickers={packPickers(pickers)}
        labels={strings.labels}
        guildZone={settings.timezone}
        text={text}
      />
    </section>
  );
}
