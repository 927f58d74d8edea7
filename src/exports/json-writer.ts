/**
 * The ledger as one JSON document, written as it is read: `{ period, seller, sections: [{ key, rate,
 * title, rows, total }], footer, vat, supplementary, openInvoices }`. Rows are the form's columns under stable English names.
 */
import type { Writable } from 'node:stream';
import type { LedgerEvent } from './ledger-events.js';
import { type LedgerHeader, SECTION_RATE_TEXT } from './ledger-header.js';
import { endOf, whenWritable } from './writable.js';

export async function writeJson(events: AsyncIterable<LedgerEvent>, out: Writable, header: LedgerHeader) {
  const { period, seller } = header;
  out.write(
    `{"period":${JSON.stringify({ from: period.from, to: period.to, label: period.label })},"seller":${JSON.stringify(seller)},"sections":[`,
  );
  let firstSection = true;
  let firstRow = true;
  for await (const event of events) {
    if (event.type === 'section') {
      const head = { key: event.key, rate: SECTION_RATE_TEXT[event.key], title: event.title };
      out.write(`${firstSection ? '' : ','}${JSON.stringify(head).slice(0, -1)},"rows":[`);
      firstSection = false;
      firstRow = true;
    } else if (event.type === 'rows') {
      let text = '';
      for (const row of event.rows) {
        text += `${firstRow ? '' : ','}${JSON.stringify(row)}`;
        firstRow = false;
      }
      out.write(text);
      await whenWritable(out);
    } else if (event.type === 'total') {
      const { amount, taxAmount, rows } = event.total;
      out.write(`],"total":${JSON.stringify({ rows, amount, taxAmount })}}`);
    } else {
      out.write(
        `],"footer":${JSON.stringify(event.footer)},"vat":${JSON.stringify(event.vat)},"supplementary":${JSON.stringify(event.supplementary)},"openInvoices":${JSON.stringify(event.openInvoices)}}`,
      );
    }
  }
  await endOf(out);
}
