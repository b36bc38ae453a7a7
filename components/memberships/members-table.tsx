import { getTranslations } from "next-intl/server";
import panelStyles from "@/components/action-panel/action-panel.module.css";
import { formatPrice } from "@/lib/billing/format-price";
import { LANGUAGES, type Locale } from "@/lib/i18n/locales";
import type { MemberView, Revenue } from "@/lib/memberships/members";
import styles from "./memberships.module.css";

const STATUSES = ["active", "non_renewing", "past_due", "paused", "in_trial", "cancelled", "ended"] as const;

/** The owner's view of who pays (plan, since, renews or ends, status) and what came in (paid invoices, this month and all time). */
export async function MembersTable({ locale, members, revenue }: { locale: Locale; members: MemberView[]; revenue: Revenue[] }) {
  const t = await getTranslations({ locale, namespace: "memberships" });
  const date = new Intl.DateTimeFormat(LANGUAGES[locale].tag, { dateStyle: "medium", timeZone: "UTC" });
  const status = (value: string) => ((STATUSES as readonly string[]).includes(value) ? t(`statuses.${value as (typeof STATUSES)[number]}`) : value);
  return (
    <>
      <section className={panelStyles.card} aria-labelledby="membership-revenue-title" data-testid="membership-revenue">
        <div className={panelStyles.header}>
          <h2 id="membership-revenue-title">{t("revenueTitle")}</h2>
        </div>
        {revenue.length === 0 ? (
          <p className={panelStyles.muted}>{t("noRevenue")}</p>
        ) : (
          <dl className={styles.revenue}>
            {revenue.map((entry) => (
              <div key={entry.currency}>
                <dt>{t("thisMonth")}</dt>
                <dd>{formatPrice(locale, entry.month_cents, entry.currency)}</dd>
                <dt>{t("allTime")}</dt>
                <dd>{formatPrice(locale, entry.total_cents, entry.currency)}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      <section className={panelStyles.card} aria-labelledby="membership-members-title" data-testid="membership-members">
        <div className={panelStyles.header}>
          <h2 id="membership-members-title">{t("membersTitle")}</h2>
        </div>
        {members.length === 0 ? (
          <p className={panelStyles.muted}>{t("noMembers")}</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t("member")}</th>
                  <th scope="col">{t("plan")}</th>
                  <th scope="col">{t("since")}</th>
                  <th scope="col">{t("periodEnd")}</th>
                  <th scope="col">{t("status")}</th>
                </tr>
              </thead>
              <tbody>
                {members.map((member) => (
                  <tr key={member.id}>
                    <td>
                      <bdi>{member.name ?? member.user_id}</bdi>
                    </td>
                    <td>
                      <bdi>{member.plan ?? "—"}</bdi>
                    </td>
                    <td>{date.format(new Date(member.since))}</td>
                    <td>{date.format(new Date(member.period_end))}</td>
                    <td>{status(member.status)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
