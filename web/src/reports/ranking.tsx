import { BarChart } from '../base/bar-chart';
import { Table } from '../base/table';

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
      <Table
        columns={columns.map((label, i) => ({ label, num: i > 0 }))}
        rows={rows}
        rowKey={(r) => r.key}
        cells={(r) => [r.label, ...r.figures]}
      />
    </section>
  );
}
