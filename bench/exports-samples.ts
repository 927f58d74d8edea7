/**
 * The samples of docs/exports/: a live store (seller set, its own certificate) sells a few invoices this
 * month through a real `hoadon serve`, corrects two, and `hoadon export sales-ledger` writes the month in
 * each format; the PDF's first page becomes a PNG (pdftoppm). Run: `npm run build && npx tsx bench/exports-samples.ts`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { localDate } from '../src/domain/calendar.js';
import { login, PASSWORD, runHoadon, startProcess } from './harness.js';

const OUT = 'docs/exports';

type Line = Record<string, string | number>;
const line = (
  name: string,
  unit: string,
  quantity: number,
  unitPrice: number,
  tax: number | string,
  more: Line = {},
) => ({
  name,
  unit,
  quantity,
  unitPrice,
  ...(typeof tax === 'number' ? { taxRate: tax } : { taxCategory: tax }),
  ...more,
});

/** A month of a café-bookshop: discounts, a promotion, a trade discount, KCT books, a KKKNT collection. */
const SALES: { buyer: Record<string, string>; items: Line[] }[] = [
  {
    buyer: { name: 'Công ty TNHH Thương mại Sao Mai', mst: '0100109106' },
    items: [
      line('Cà phê hạt Arabica 500 g', 'gói', 4, 185_000, 0.08, { discountRate: 0.05 }),
      line('Bình giữ nhiệt', 'cái', 2, 420_000, 0.1),
      line('Ly sứ tặng kèm', 'cái', 2, 45_000, 0.1, { kind: 'promotion' }),
    ],
  },
  {
    buyer: { name: 'Khách lẻ' },
    items: [line('Cà phê sữa đá', 'ly', 3, 29_000, 0.08), line('Bánh mì thịt', 'ổ', 2, 35_000, 0.08)],
  },
  { buyer: { name: 'Nguyễn Thị Ánh' }, items: [line('Trà đào cam sả', 'ly', 2, 45_000, 0.08)] },
  {
    buyer: { name: 'Trường Tiểu học Hòa Bình', mst: '0300588569' },
    items: [
      line('Sách giáo khoa Tiếng Việt 3', 'cuốn', 30, 25_000, 'KCT'),
      line('Sách ảnh Hà Nội xưa', 'cuốn', 10, 120_000, 0.05),
      line('Nước suối', 'chai', 24, 6_000, 0.1),
      {
        name: 'Chiết khấu thương mại đơn hàng trên 1 triệu',
        kind: 'tradeDiscount',
        quantity: 1,
        unitPrice: 50_000,
        taxRate: 0.05,
      },
    ],
  },
  {
    buyer: { name: 'Công ty CP Dịch vụ Ánh Dương', mst: '0101248141' },
    items: [
      line('Tiệc trà buổi chiều', 'gói', 1, 3_500_000, 0.08, { discountAmount: 200_000 }),
      line('Hoa trang trí', 'bó', 1, 800_000, 0),
      line('Thu hộ phí gửi xe sự kiện', 'lần', 1, 150_000, 'KKKNT'),
    ],
  },
  {
    buyer: { name: 'Khách lẻ' },
    items: [line('Hạt điều rang muối', 'kg', 0.75, 320_000, 0.08), line('Bạc xỉu', 'ly', 2, 32_000, 0.08)],
  },
];

async function main() {
  const dataDir = join('bench', '.data', 'exports-samples');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  mkdirSync(OUT, { recursive: true });
  const key = join(dataDir, 'seller.key');
  const cert = join(dataDir, 'seller.crt');
  const p12 = join(dataDir, 'seller.p12');
  execFileSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    key,
    '-out',
    cert,
    '-days',
    '365',
    '-subj',
    '/CN=CONG TY TNHH CA PHE HOA BINH/C=VN',
  ]);
  execFileSync('openssl', ['pkcs12', '-export', '-inkey', key, '-in', cert, '-out', p12, '-passout', 'pass:']);
  const env = {
    HOADON_DATA_DIR: dataDir,
    HOADON_ADMIN_PASSWORD: PASSWORD,
    HOADON_SELLER_NAME: 'Công ty TNHH Cà phê Hòa Bình',
    HOADON_SELLER_MST: '0300588569',
    HOADON_SELLER_ADDRESS: '12 Lý Tự Trọng, Phường Bến Nghé, TP. Hồ Chí Minh',
  };
  const node = await startProcess('node', ['dist/hoadon.mjs', 'serve'], env, '/api/v1/health');
  try {
    await runHoadon(['cert', 'import', p12, '--data-dir', dataDir], env);
    const token = await login(node.base);
    const post = async (path: string, body: unknown) => {
      const r = await fetch(`${node.base}/api/v1${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = (await r.json()) as { data: { id: string; demo: boolean } };
      if (r.status >= 300 || answer.data.demo) throw new Error(`${path}: ${r.status} ${JSON.stringify(answer)}`);
      return answer.data.id;
    };
    const ids: string[] = [];
    for (const sale of SALES) {
      ids.push(
        await post('/invoices', { buyer: sale.buyer, items: sale.items, paymentMethod: 'TM/CK', channel: 'pos' }),
      );
    }
    await post(`/invoices/${ids[2]}/replace`, {
      buyer: { name: 'Nguyễn Thị Ánh', mst: '0100684378' },
      items: [{ name: 'Trà đào cam sả', unit: 'ly', quantity: 3, unitPrice: 45_000, taxRate: 0.08 }],
      reason: 'Sai số lượng và thiếu mã số thuế người mua',
    });
    await post(`/invoices/${ids[0]}/adjust`, {
      type: 'decrease',
      items: [{ name: 'Cà phê hạt Arabica 500 g', unit: 'gói', quantity: 4, unitPrice: 10_000 }],
      reason: 'Giảm giá 10.000 đồng mỗi gói theo thỏa thuận',
    });
    await post(`/invoices/${ids[3]}/adjust`, {
      type: 'increase',
      items: [{ name: 'Nước suối', unit: 'chai', quantity: 12, unitPrice: 6_000 }],
      reason: 'Giao thêm hàng',
    });
  } finally {
    await node.stop();
  }
  const month = localDate(new Date(), 'Asia/Ho_Chi_Minh').slice(0, 7);
  for (const format of ['xlsx', 'csv', 'pdf']) {
    const file = join(OUT, `bang-ke-ban-ra-${month}.${format}`);
    await runHoadon(
      ['export', 'sales-ledger', '--month', month, '--format', format, '-o', file, '--data-dir', dataDir],
      env,
    );
  }
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '80',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    join(OUT, `bang-ke-ban-ra-${month}.pdf`),
    join(OUT, `bang-ke-ban-ra-${month}`),
  ]);
  console.log(`samples of ${month} in ${OUT}`);
}

void main();
