import { BarChart } from '../base/bar-chart';

export interface RankingRow {
  key: string;
  label: string;
  figures: string[];
  /** What the chart draws (revenue). */
  value: number;
}

/** A ranked list as a bar chart and its table. */
export function Ranking({ title, columns, rows }: { title: string; columns: string[]; rows: RankingRow[] }) {
  const id = `ranking-${title.replace(/\W+/g, '-')}`;
  return (
    <section class="panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {rows.length > 0 && (
        <BarChart
          label={title}
          labels={rows.map((r) => (r.label.length > 14 ? `${r.label.slice(0, 13)}…` : r.label))}
          values={rows.map((r) => r.value)}
        />
      )}
      <table>
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th key={c} scope="col" class={i > 0 ? 'num' : undefined}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <td>{r.label}</td>
              {r.figures.map((f, i) => (
                <td key={i} class="num">
                  {f}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
