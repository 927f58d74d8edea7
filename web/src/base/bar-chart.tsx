/**
 * A bar chart drawn by uPlot (a small canvas chart library) for a handful of labelled values: months of
 * revenue, channels, top customers or SKUs. The canvas is described for screen readers by its label; the
 * figures themselves are always in a table beside it.
 */
import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';

const COMPACT = new Intl.NumberFormat('vi-VN', { notation: 'compact', maximumFractionDigits: 1 });

export function BarChart({
  labels,
  values,
  label,
  height = 220,
}: {
  labels: string[];
  values: number[];
  label: string;
  height?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || labels.length === 0) return;
    const width = Math.max(200, element.clientWidth - 16);
    const xs = labels.map((_, i) => i);
    const chart = new uPlot(
      {
        width,
        height,
        legend: { show: false },
        cursor: { show: false },
        scales: {
          x: { time: false, range: [-0.5, labels.length - 0.5] },
          y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
        },
        axes: [
          {
            splits: () => xs,
            values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
            stroke: '#1b1f24',
            grid: { show: false },
          },
          { values: (_u, splits) => splits.map((v) => COMPACT.format(v)), stroke: '#1b1f24', size: 60 },
        ],
        series: [
          {},
          {
            label,
            fill: '#0b5cad',
            stroke: '#0b5cad',
            paths: uPlot.paths.bars?.({ size: [0.6, 80] }),
            points: { show: false },
          },
        ],
      },
      [xs, values],
      element,
    );
    return () => chart.destroy();
  }, [labels.join('\u0000'), values.join(','), label, height]);
  return <figure class="chart" ref={box} role="img" aria-label={label} />;
}
