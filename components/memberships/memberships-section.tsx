import "server-only";
import { getTranslations } from "next-intl/server";
import panelStyles from "@/components/action-panel/action-panel.module.css";
import { getDb } from "@/lib/db/client";
import { getGuildPickers } from "@/lib/guilds/pickers";
import type { Locale } from "@/lib/i18n/locales";
import { listMembers, revenue } from "@/lib/memberships/members";
import { listPlans, MAX_PLANS, planView } from "@/lib/memberships/plans";
import { MembersTable } from "./members-table";
import { PlansEditor } from "./plans-editor";
import { ADMIN_TEXT_KEYS, type AdminText } from "./text";

/** The Memberships page's own sections: the plans (an island), then the revenue and the members. */
export async function MembershipsSection({ guildId, locale, currency }: { guildId: string; locale: Locale; currency: string }) {
  const db = await getDb();
  const [plans, pickers, members, money, t] = await Promise.all([listPlans(db, guildId), getGuildPickers(guildId), listMembers(db, guildId), revenue(db, guildId), getTranslations({ locale, namespace: "memberships" })]);
  const text = Object.fromEntries(ADMIN_TEXT_KEYS.map((key) => [key, t.raw(key) as string])) as AdminText;
  // Only roles the bot can give: the server refuses the others at the field anyway.
  const roles = pickers.roles.filter((role) => role.assignable).map((role) => ({ id: role.id, name: role.name }));
  return (
    <div className={panelStyles.panel}>
      <PlansEditor guildId={guildId} locale={locale} currency={currency} plans={plans.map(planView)} roles={roles} max={MAX_PLANS} publicHref={`/${locale}/memberships/${guildId}`} text={text} />
      <MembersTable locale={locale} members={members} revenue={money} />
    </div>
  );
}
