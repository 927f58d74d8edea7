import type { Schema } from '../api/types';
import { money, PAYMENT_METHODS, quantity } from '../base/format';
import { Table } from '../base/table';
import { T } from './strings';

/** `10%`, `KCT`, `KKKNT`; another rate `KHAC:5.26` as `5,26%`. */
const taxGroupText = (group: string) => (group.startsWith('KHAC:') ? `${quantity(Number(group.slice(5)))}%` : group);

export type DayBreakdown = Schema<'/api/v1/reports/day', 'get'>;

/** The day's figures: invoice count and revenue, by payment method and by tax rate. */
export function DaySummary({ day, heading = 'h2' }: { day: DayBreakdown | undefined; heading?: 'h2' | 'h3' }) {
  if (!day) return null;
  const H = heading;
  const count = day.byPaymentMethod.reduce((n, r) => n + r.count, 0);
  const revenue = day.byPaymentMethod.reduce((n, r) => n + r.total, 0);
  return (
    <div>
      <div class="cards">
        <div class="card">
          <div class="muted">{T.invoices}</div>
          <div class="figure" data-testid="day-count">
            {count}
          </div>
        </div>
        <div class="card">
          <div class="muted">{T.revenue}</div>
          <div class="figure" data-testid="day-revenue">
            {money(revenue)}
          </div>
        </div>
      </div>
      {count === 0 ? (
        <p class="muted">{T.none}</p>
      ) : (
        <div class="cards">
          <div>
            <H>{T.byPayment}</H>
            <Table
              columns={[{ label: T.method }, { label: T.count, num: true }, { label: T.total, num: true }]}
              rows={day.byPaymentMethod}
              rowKey={(r) => r.paymentMethod}
              cells={(r) => [PAYMENT_METHODS[r.paymentMethod], r.count, money(r.total)]}
            />
          </div>
          <div>
            <H>{T.byRate}</H>
            <Table
              columns={[
                { label: T.rate },
                { label: T.beforeTax, num: true },
                { label: T.tax, num: true },
                { label: T.total, num: true },
              ]}
              rows={day.byTaxRate}
              rowKey={(r) => r.taxGroup}
              cells={(r) => [taxGroupText(r.taxGroup), money(r.subtotal), money(r.taxAmount), money(r.total)]}
            />
          </div>
        </div>
      )}
    </div>
  );
}
