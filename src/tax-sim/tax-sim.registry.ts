/**
 * The simulator's business registry for MST look-ups, in the shape src/mst/mst-upstream.ts reads. Seeded
 * with valid codes from the domain file; the names are demo data, not an extract of the real registry.
 */
import type { UpstreamRecord } from '../mst/mst-upstream.js';

const SEED: UpstreamRecord[] = [
  { mst: '0100109106', name: 'Tập đoàn Công nghiệp - Viễn thông Quân đội', address: 'Hà Nội', status: 'active' },
  { mst: '0300588569', name: 'Công ty Cổ phần Sữa Việt Nam', address: 'TP. Hồ Chí Minh', status: 'active' },
  { mst: '0100112437', name: 'Ngân hàng TMCP Ngoại thương Việt Nam', address: 'Hà Nội', status: 'active' },
  { mst: '0101248141', name: 'Công ty mẫu Hà Nội (giả lập)', address: 'Hà Nội', status: 'active' },
  { mst: '0314409058002', name: 'Chi nhánh 002 công ty mẫu (giả lập)', address: 'TP. Hồ Chí Minh', status: 'active' },
  { mst: '0101243150', name: 'Công ty mẫu đã ngừng hoạt động (giả lập)', address: 'Hà Nội', status: 'inactive' },
];

export function createTaxSimRegistry(entries: UpstreamRecord[] = SEED) {
  const byMst = new Map(entries.map((e) => [e.mst, e]));
  return { lookup: (mst: string) => byMst.get(mst) };
}

export type TaxSimRegistry = ReturnType<typeof createTaxSimRegistry>;
