/**
 * The lookup portal's pages, written on the server (docs/delivery.md): Vietnamese, phone first (one column
 * at 390 px, tables that wrap), no script, the style sheet from /tra-cuu/trang.css. Pure.
 */
import { taxGroupLabel } from '../domain/tax-breakdown.js';
import { formatDate, formatMoney, formatQuantity } from '../pdf/printable.js';
import type { PortalView, RelatedLink } from './portal.service.js';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const money = (amount: number) => `${formatMoney(amount)} ₫`;

export const PORTAL_CSS = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#f6f7f9}
main{max-width:760px;margin:0 auto;padding:16px}h1{font-size:1.4rem;margin:0 0 12px}h2{font-size:1.1rem;margin:20px 0 8px}
section{background:#fff;border:1px solid #d0d4da;border-radius:8px;padding:12px 16px;margin:12px 0;overflow-wrap:anywhere}
label{display:block;margin:10px 0 4px;font-weight:600}input{width:100%;font:inherit;padding:10px;border:1px solid #6b7280;border-radius:6px}
button,.nut{display:inline-block;margin-top:12px;padding:10px 16px;font:inherit;color:#fff;background:#0b5cad;border:0;border-radius:6px;text-decoration:none}
.nut{margin-right:8px}dl{margin:0}dt{font-weight:600}dd{margin:0 0 8px}
ul.dong{list-style:none;margin:0;padding:0}ul.dong li{border-top:1px solid #e5e7eb;padding:8px 0}
.so{font-variant-numeric:tabular-nums}.canh-bao{color:#8a1c1c;font-weight:600}.tot{color:#14622b;font-weight:600}
a{color:#0b4f96}`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="vi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><link rel="stylesheet" href="/tra-cuu/trang.css"></head>
<body><main>${body}</main></body></html>`;
}

export function formPage(message?: string): string {
  return layout(
    'Tra cứu hóa đơn điện tử',
    `<h1>Tra cứu hóa đơn điện tử</h1>${message ? `<p class="canh-bao" role="alert">${escapeHtml(message)}</p>` : ''}
<section><h2>Theo mã tra cứu</h2><form method="get" action="/tra-cuu">
<label for="ma">Mã tra cứu</label><input id="ma" name="ma" autocomplete="off" required maxlength="64">
<button type="submit">Tra cứu</button></form></section>
<section><h2>Theo thông tin hóa đơn</h2><form method="get" action="/tra-cuu">
<label for="mst">Mã số thuế người bán</label><input id="mst" name="mst" inputmode="numeric" required maxlength="14">
<label for="kyHieu">Ký hiệu (ví dụ 1C26MAA)</label><input id="kyHieu" name="kyHieu" required maxlength="7">
<label for="so">Số hóa đơn</label><input id="so" name="so" inputmode="numeric" required maxlength="8">
<label for="tongTien">Tổng tiền thanh toán (đồng)</label><input id="tongTien" name="tongTien" inputmode="numeric" required maxlength="16">
<button type="submit">Tra cứu</button></form></section>`,
  );
}

export const notFoundPage = () =>
  layout(
    'Không tìm thấy hóa đơn',
    `<h1>Không tìm thấy hóa đơn</h1><p>Không có hóa đơn nào ứng với thông tin đã nhập. Hãy kiểm tra lại mã tra cứu in trên hóa đơn.</p>
<p><a href="/tra-cuu">Tra cứu hóa đơn khác</a></p>`,
  );

export const tooManyPage = (seconds: number) =>
  layout(
    'Tra cứu quá nhiều lần',
    `<h1>Tra cứu quá nhiều lần</h1><p>Đã nhập sai quá nhiều lần. Vui lòng thử lại sau ${Math.ceil(seconds / 60)} phút.</p>`,
  );

const STATUS: Record<string, string> = {
  issued: 'Đã phát hành',
  pending: 'Chờ phát hành',
  replaced: 'Đã bị thay thế',
  adjusted: 'Đã được điều chỉnh',
  error: 'Có sai sót',
};

const relatedLink = (text: string, link: RelatedLink | undefined) =>
  link
    ? `<p>${text} ${link.code ? `<a href="/tra-cuu/${encodeURIComponent(link.code)}">hóa đơn ${escapeHtml(link.label)}</a>` : `hóa đơn ${escapeHtml(link.label)}`}.</p>`
    : '';

function signatureBlock(view: PortalView): string {
  const { signature, invoice } = view;
  const code = invoice.authorityCode
    ? ` Mã của cơ quan thuế: <span class="so">${escapeHtml(invoice.authorityCode)}</span>.`
    : '';
  switch (signature.kind) {
    case 'valid':
      return `<p class="tot">Chữ ký số hợp lệ.</p><dl><dt>Người ký</dt><dd>${escapeHtml(signature.subject)}</dd><dt>Số sê-ri chứng thư</dt><dd class="so">${escapeHtml(signature.serial)}</dd></dl>`;
    case 'invalid':
      return `<p class="canh-bao">Chữ ký số không hợp lệ: ${escapeHtml(signature.problem)}</p>`;
    case 'waiting':
      return '<p>Hóa đơn đang chờ ký số.</p>';
    default:
      return `<p>Hóa đơn khởi tạo từ máy tính tiền không bắt buộc có chữ ký số (Nghị định 123/2020/NĐ-CP, Điều 11 khoản 2 điểm b, sửa đổi bởi Nghị định 70/2025/NĐ-CP).${code}</p>`;
  }
}

export function invoicePage(view: PortalView): string {
  const { invoice, code } = view;
  const t = invoice.transmission;
  const authority =
    t?.state === 'accepted'
      ? `CQT đã tiếp nhận${t.acceptedAt ? ` ngày ${formatDate(t.acceptedAt.slice(0, 10))}` : ''}`
      : 'Đang gửi cơ quan thuế';
  const buyer = invoice.buyer;
  const lines = invoice.items
    .map((line) =>
      line.kind === 'note'
        ? `<li>${escapeHtml(line.name)}</li>`
        : `<li>${escapeHtml(line.name)}<br><span class="so">${formatQuantity(line.quantity)} ${escapeHtml(line.unit ?? '')} × ${formatQuantity(line.unitPrice)} = ${money(line.total)}</span>${line.taxGroup ? ` (thuế ${escapeHtml(taxGroupLabel(line.taxGroup))})` : ''}</li>`,
    )
    .join('');
  const groups = invoice.totals.byRate
    .map(
      (g) =>
        `<li>Thuế suất ${escapeHtml(taxGroupLabel(g.taxGroup))}: tiền hàng <span class="so">${money(g.amount)}</span>, tiền thuế <span class="so">${money(g.tax)}</span></li>`,
    )
    .join('');
  const base = `/tra-cuu/${encodeURIComponent(code)}`;
  return layout(
    `Hóa đơn ${invoice.mauSo}${invoice.kyHieu} số ${invoice.number}`,
    `<h1>Hóa đơn ${escapeHtml(`${invoice.mauSo}${invoice.kyHieu}`)} số ${invoice.number}</h1>
${invoice.demo ? '<p class="canh-bao">Hóa đơn dùng thử, không có giá trị pháp lý.</p>' : ''}
<section aria-labelledby="tt"><h2 id="tt">Trạng thái</h2><p><strong>${STATUS[invoice.status] ?? invoice.status}</strong> · ngày ${formatDate(invoice.issueDate)}</p>
${relatedLink('Thay thế bởi', view.replacedBy)}${relatedLink('Điều chỉnh bởi', view.adjustedBy)}${relatedLink(invoice.replaces ? 'Thay thế cho' : 'Điều chỉnh cho', view.original)}
${view.transmissionKnown === false ? '' : `<p>${authority}.</p>`}${invoice.authorityCode ? `<p>Mã của cơ quan thuế (MCCQT): <span class="so">${escapeHtml(invoice.authorityCode)}</span></p>` : ''}
<p><a class="nut" href="${base}/hoa-don.pdf">Tải hóa đơn PDF</a><a class="nut" href="${base}/hoa-don.xml">Tải hóa đơn XML</a></p></section>
<section aria-labelledby="nb"><h2 id="nb">Người bán</h2><p>${escapeHtml(invoice.seller.name)}<br>Mã số thuế: ${escapeHtml(invoice.seller.mst)}${invoice.seller.address ? `<br>${escapeHtml(invoice.seller.address)}` : ''}</p></section>
<section aria-labelledby="nm"><h2 id="nm">Người mua</h2><p>${escapeHtml(buyer.name)}${buyer.mst ? `<br>Mã số thuế: ${escapeHtml(buyer.mst)}` : ''}${buyer.address ? `<br>${escapeHtml(buyer.address)}` : ''}</p></section>
<section aria-labelledby="hh"><h2 id="hh">Hàng hóa, dịch vụ</h2><ul class="dong">${lines}</ul></section>
<section aria-labelledby="tc"><h2 id="tc">Tổng cộng</h2><ul class="dong">${groups}</ul>
<p>Cộng tiền hàng: <span class="so">${money(invoice.totals.subtotal)}</span><br>Tiền thuế GTGT: <span class="so">${money(invoice.totals.taxAmount)}</span><br>
<strong>Tổng tiền thanh toán: <span class="so">${money(invoice.totals.total)}</span></strong></p></section>
<section aria-labelledby="ck"><h2 id="ck">Chữ ký số</h2>${signatureBlock(view)}</section>
<p><a href="/tra-cuu">Tra cứu hóa đơn khác</a></p>`,
  );
}
