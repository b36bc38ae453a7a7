import styles from "./premium.module.css";

export type ComparisonRow = { key: string; name: string; free: string; premium: string };

type Props = { id: string; title: string; intro: string; columns: { name: string; free: string; premium: string }; rows: ComparisonRow[] };

/** One part of the comparison as a real table: row headers name the list or setting, so a screen reader reads "Free" and "Premium" with each. */
export function ComparisonTable({ id, title, intro, columns, rows }: Props) {
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className={styles.sectionIntro} id={`${id}-intro`}>
        {intro}
      </p>
      <div className={styles.tableWrap}>
        <table className={styles.table} aria-labelledby={id} aria-describedby={`${id}-intro`} data-testid={id}>
          <thead>
            <tr>
              <th scope="col">{columns.name}</th>
              <th scope="col">{columns.free}</th>
              <th scope="col" className={styles.premiumColumn}>
                {columns.premium}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.name}</th>
                <td>{row.free}</td>
                <td className={styles.premiumColumn}>{row.premium}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
