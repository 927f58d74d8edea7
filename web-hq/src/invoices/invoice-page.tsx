/**
 * One invoice as its store synced it (GET /hq/v1/stores/:id/invoices/:invoiceId: the store's own invoice
 * document): seller, buyer, lines, totals per rate, and the invoices that replaced or adjusted it.
 */

import { useEffect, useState } from 'preact/hooks';
import { date, dateTime, money, percent } from '../../../web/src/base/format';
import { Table } from '../../../web/src/base/table';
import { api, call } from '../api/client';
import { Shown, useLoad } from '../load';
import { statusName, taxGroupName } from '../strings';

const T = {
  back: 'Danh sách hóa đơn',
  title: (symbol: string, number: number) => `Hóa đơn ${symbol} số ${number}`,
  store: 'Cửa hàng',
  status: 'Trạng thái',
  issued: 'Ngày lập',
  seller: 'Người bán',
  buyer: 'Người mua',
  mst: 'MST',
  lines: 'Hàng hóa, dịch vụ',
  name: 'Tên',
  quantity: 'Số lượng',
  price: 'Đơn giá',
  rate: 'Thuế suất',
  amount: 'Thành tiền',
  subtotal: 'Cộng tiền hàng',
  tax: 'Tiền thuế',
  total: 'Tổng cộng',
  authorityCode: 'Mã của cơ quan thuế',
  replacedBy: 'Đã được thay thế bởi hóa đơn',
  replaces: 'Thay thế hóa đơn',
  adjustedBy: 'Đã được điều chỉnh bởi hóa đơn',
  adjusts: 'Điều chỉnh hóa đơn',
  synced: 'Đồng bộ lần cuối',
  pdf: 'Tải hóa đơn (PDF)',
  xml: 'Tải tệp hóa đơn (XML)',
  notYet: 'Cửa hàng chưa gửi tệp hóa đơn lên trụ sở: tệp đến ở lần đồng bộ sau.',
  none: 'Không có',
  open: 'Mở hóa đơn',
  demo: 'dùng thử',
  demoNote: 'Hóa đơn dùng thử: không có giá trị pháp lý và không tính vào doanh thu của chuỗi.',
};

interface Line {
  lineNo: number;
  name: string;
  quantity: number;
  unitPrice: number;
  taxRate: number;
  taxGroup?: string;
  total: number;
}

interface Document {
  id: string;
  status: string;
  kyHieu: string;
  mauSo: string;
  number: number;
  issueDate: string;
  updatedAt?: string;
  authorityCode?: string;
  seller?: { name: string; mst: string };
  buyer: { name: string; mst?: string };
  items?: Line[];
  totals: { subtotal: number; taxAmount: number; total: number };
  replaces?: string;
  replacedBy?: string;
  adjusts?: string;
  adjustedBy?: string;
  demo?: boolean;
}

const RELATIONS = ['replacedBy', 'replaces', 'adjustedBy', 'adjusts'] as const;

/**
 * The files as the store synced them (docs/hq.md): the XML byte for byte, the PDF drawn by the store's code.
 * HQ answers 409 until the store has sent the XML; the links are offered once it has.
 */
function Files({ storeId, id }: { storeId: string; id: string }) {
  const file = (kind: 'pdf' | 'xml') =>
    `/hq/v1/stores/${encodeURIComponent(storeId)}/invoices/${encodeURIComponent(id)}/${kind}`;
  const [held, setHeld] = useState<boolean>();
  useEffect(() => {
    fetch(file('xml'), { method: 'HEAD' }).then(
      (answer) => setHeld(answer.ok),
      () => setHeld(false),
    );
  }, [storeId, id]);
  if (held === undefined) return null;
  if (!held) return <p class="muted">{T.notYet}</p>;
  return (
    <p class="actions">
      <a class="button" href={file('pdf')} download>
        {T.pdf}
      </a>
      <a class="button" href={file('xml')} download>
        {T.xml}
      </a>
    </p>
  );
}

export function InvoicePage({ storeId, id }: { storeId: string; id: string }) {
  const [loaded, retry] = useLoad(
    async () =>
      (await call(
        api.GET('/hq/v1/stores/{id}/invoices/{invoiceId}', { params: { path: { id: storeId, invoiceId: id } } }),
      )) as unknown as Document,
    [storeId, id],
  );
  return (
    <section>
      <p>
        <a href={`/hoa-don?cua-hang=${encodeURIComponent(storeId)}`}>{T.back}</a>
      </p>
      <Shown loaded={loaded} retry={retry}>
        {(doc) => {
          return (
            <>
              <h1>
                {T.title(`${doc.mauSo}${doc.kyHieu}`, doc.number)}
                {doc.demo && <span class="badge"> {T.demo}</span>}
              </h1>
              {doc.demo && <p class="notice">{T.demoNote}</p>}
              <dl class="facts">
                <dt>{T.store}</dt>
                <dd>
                  <a href={`/cua-hang/${encodeURIComponent(storeId)}`}>{storeId}</a>
                </dd>
                <dt>{T.status}</dt>
                <dd data-testid="invoice-status">{statusName(doc.status)}</dd>
                <dt>{T.issued}</dt>
                <dd>{date(doc.issueDate)}</dd>
                <dt>{T.seller}</dt>
                <dd>{doc.seller ? `${doc.seller.name} (${T.mst} ${doc.seller.mst})` : T.none}</dd>
                <dt>{T.buyer}</dt>
                <dd>{`${doc.buyer.name}${doc.buyer.mst ? ` (${T.mst} ${doc.buyer.mst})` : ''}`}</dd>
                {doc.authorityCode && (
                  <>
                    <dt>{T.authorityCode}</dt>
                    <dd translate={false}>{doc.authorityCode}</dd>
                  </>
                )}
                {RELATIONS.filter((r) => doc[r]).map((r) => (
                  <>
                    <dt key={`${r}-t`}>{T[r]}</dt>
                    <dd key={`${r}-d`}>
                      <a href={`/hoa-don/${encodeURIComponent(storeId)}/${encodeURIComponent(doc[r] as string)}`}>
                        {T.open}
                      </a>
                    </dd>
                  </>
                ))}
                {doc.updatedAt && (
                  <>
                    <dt>{T.synced}</dt>
                    <dd>{dateTime(doc.updatedAt)}</dd>
                  </>
                )}
              </dl>
              <h2>{T.lines}</h2>
              <Table
                caption={T.lines}
                columns={[
                  { label: T.name },
                  { label: T.quantity, num: true },
                  { label: T.price, num: true },
                  { label: T.rate },
                  { label: T.amount, num: true },
                ]}
                rows={doc.items ?? []}
                rowKey={(l) => l.lineNo}
                cells={(l) => [
                  l.name,
                  l.quantity,
                  money(l.unitPrice),
                  l.taxGroup ? taxGroupName(l.taxGroup) : percent(l.taxRate),
                  money(l.total),
                ]}
              />
              <dl class="facts">
                <dt>{T.subtotal}</dt>
                <dd>{money(doc.totals.subtotal)}</dd>
                <dt>{T.tax}</dt>
                <dd>{money(doc.totals.taxAmount)}</dd>
                <dt>{T.total}</dt>
                <dd data-testid="invoice-total">{money(doc.totals.total)}</dd>
              </dl>
              <Files storeId={storeId} id={id} />
            </>
          );
        }}
      </Shown>
    </section>
  );
}
