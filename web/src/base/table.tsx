/**
 * A table of rows: column headings (figures right-aligned, a heading only for screen readers where the
 * column holds buttons) and one cell per column for each row.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';

const T = { scroll: 'Bảng rộng hơn màn hình: dùng phím mũi tên để cuộn ngang' };

/**
 * Whether the box scrolls sideways (a wide table on a phone): only then is it a stop of the keyboard, so that
 * it can be scrolled without a mouse, and named for a screen reader.
 */
function useScrolls() {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const measure = () => setScrolls(Boolean(box.current && box.current.scrollWidth > box.current.clientWidth));
    measure();
    addEventListener('resize', measure);
    return () => removeEventListener('resize', measure);
  });
  return { box, scrolls };
}

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
  const { box, scrolls } = useScrolls();
  return (
    <div
      ref={box}
      class="table-scroll"
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': caption ?? T.scroll } : {})}
    >
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
