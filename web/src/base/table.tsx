/**
 * A table of rows: column headings (figures right-aligned, a heading only for screen readers where the
 * column holds buttons) and one cell per column for each row.
 */
import type { ComponentChildren } from 'preact';

export interface Column {
  label: string;
  /** A figure: right-aligned, tabular digits. */
  num?: boolean;
  /** Said by screen readers, not shown (a column of buttons). */
  hidden?: boolean;
}

export function Table<T>({
  columns,
  rows,
  rowKey,
  cells,
  caption,
  footer,
}: {
  columns: Column[];
  rows: T[];
  rowKey: (row: T) => string | number;
  cells: (row: T) => ComponentChildren[];
  caption?: string;
  footer?: ComponentChildren;
}) {
  // Cells wrap to the width (styles.css); a table that still cannot fit scrolls in its own box, never the page.
  return (
    <div class="table-scroll">
      <table>
        {caption && <caption class="muted">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" class={c.num ? 'num' : undefined}>
                {c.hidden ? <span class="skip">{c.label}</span> : c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {cells(row).map((cell, i) => (
                <td key={columns[i]?.label ?? i} class={columns[i]?.num ? 'num' : undefined}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
          {footer}
        </tbody>
      </table>
    </div>
  );
}
