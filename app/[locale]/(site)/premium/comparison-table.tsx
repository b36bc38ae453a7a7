import styles from "./premium.module.css";

/** A row: what it compares, then one cell per tier column (Free first, then the plans). */
export type ComparisonRow = { key: string; name: string; cells: string[] };

type Props = { id: string; title: string; intro: string; columns: { name: string; tiers: string[] }; rows: ComparisonRow[] };

/** One part of the comparison as a real table: row headers name the list or setting, so a screen reader reads each tier's name with its cell. */
export function ComparisonTable({ id, title, intro, columns, rows }: Props) {
  if (rows.length === 0) return null;
  // Every column after Free is a paid plan's.
  const paid = (index: number) => (index > 0 ? styles.premiumColumn : undefined);
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
              {columns.tiers.map((tier, index) => (
                <th key={tier} scope="col" className={paid(index)}>
                  {tier}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.name}</th>
                {row.cells.map((cell, index) => (
                  <td key={columns.tiers[index]} className={paid(index)}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
