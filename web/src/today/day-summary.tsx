import type { Schema } from '../api/types';
import { money, PAYMENT_METHODS, percent } from '../base/format';
import { T } from './strings';

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
            <table>
              <thead>
                <tr>
                  <th scope="col">{T.method}</th>
                  <th scope="col" class="num">
                    {T.count}
                  </th>
                  <th scope="col" class="num">
                    {T.total}
                  </th>
                </tr>
              </thead>
              <tbody>
                {day.byPaymentMethod.map((r) => (
                  <tr key={r.paymentMethod}>
                    <td>{PAYMENT_METHODS[r.paymentMethod]}</td>
                    <td class="num">{r.count}</td>
                    <td class="num">{money(r.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div>
            <H>{T.byRate}</H>
            <table>
              <thead>
                <tr>
                  <th scope="col">{T.rate}</th>
                  <th scope="col" class="num">
                    {T.beforeTax}
                  </th>
                  <th scope="col" class="num">
                    {T.tax}
                  </th>
                  <th scope="col" class="num">
                    {T.total}
                  </th>
                </tr>
              </thead>
              <tbody>
                {day.byTaxRate.map((r) => (
                  <tr key={r.taxRate}>
                    <td>{percent(r.taxRate)}</td>
                    <td class="num">{money(r.subtotal)}</td>
                    <td class="num">{money(r.taxAmount)}</td>
                    <td class="num">{money(r.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </div>
  );
}
