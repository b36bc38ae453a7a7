import type { Plan } from "@/lib/billing/plans";
import styles from "./premium.module.css";

/** A row: what a plan may unlock (an entitlement), and which plans do. */
export type PlanRow = { key: string; name: string; description: string; plans: readonly Plan[] };

type Props = {
  columns: { name: string; plans: ReadonlyArray<{ plan: Plan; name: string }> };
  rows: PlanRow[];
  text: { title: string; intro: string; included: string; notIncluded: string };
};

/** What each sold plan unlocks, a column per plan: the cells say it in words to screen readers, with a mark for the eye. */
export function PlansTable({ columns, rows, text }: Props) {
  return (
    <section aria-labelledby="premium-plans">
      <h2 id="premium-plans">{text.title}</h2>
      <p className={styles.sectionIntro} id="premium-plans-intro">
        {text.intro}
      </p>
      <div className={styles.tableWrap}>
        <table className={styles.table} aria-labelledby="premium-plans" aria-describedby="premium-plans-intro" data-testid="premium-plans">
          <thead>
            <tr>
              <th scope="col">{columns.name}</th>
              {columns.plans.map(({ plan, name }) => (
                <th key={plan} scope="col" className={styles.premiumColumn}>
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">
                  {row.name}
                  <span className={styles.rowDescription}>{row.description}</span>
                </th>
                {columns.plans.map(({ plan }) => {
                  const included = row.plans.includes(plan);
                  return (
                    <td key={plan} className={included ? styles.premiumColumn : undefined}>
                      <span aria-hidden="true">{included ? "✓" : "—"}</span>
                      <span className="visually-hidden">{included ? text.included : text.notIncluded}</span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
