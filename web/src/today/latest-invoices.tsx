import type { Schema } from '../api/types';
import { dateTime, INVOICE_STATUSES, money } from '../base/format';
import { Table } from '../base/table';
import { invoiceLabel } from '../invoices/invoice-label';
import { T } from './strings';

type Page = Schema<'/api/v1/invoices', 'get'>;

/** The day's newest invoices, each a link to its detail. */
export function LatestInvoices({ page }: { page: Page | undefined }) {
  if (!page || page.items.length === 0) return null;
  return (
    <section aria-labelledby="latest-title">
      <h2 id="latest-title">{T.latest}</h2>
      <Table
        columns={[
          { label: T.invoice },
          { label: T.time },
          { label: T.buyer },
          { label: T.status },
          { label: T.total, num: true },
        ]}
        rows={page.items}
        rowKey={(i) => i.id}
        cells={(i) => [
          <a key="invoice" href={`/invoices/${encodeURIComponent(i.id)}`}>
            {invoiceLabel(i)}
          </a>,
          dateTime(i.createdAt),
          i.buyer.name,
          INVOICE_STATUSES[i.status],
          money(i.totals.total),
        ]}
      />
    </section>
  );
}
