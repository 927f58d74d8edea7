/**
 * The day's closing: the aggregate of any store-local date (GET /aggregate) with its breakdown by payment
 * method and tax rate (GET /reports/day), printable on the shop's printer. The date is in the URL.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, call } from '../api/client';
import type { Schema } from '../api/types';
import { DateInput } from '../base/date-input';
import { FieldError, FormError } from '../base/field-error';
import { date, money, quantity, today } from '../base/format';
import { setQuery, useLocation } from '../base/router';
import { type DayBreakdown, DaySummary } from '../today/day-summary';

const T = {
  title: 'Chốt ca cuối ngày',
  date: 'Ngày',
  show: 'Xem',
  print: 'In báo cáo',
  heading: (d: string) => `Báo cáo cuối ngày ${d}`,
  invoices: 'Số hóa đơn',
  quantity: 'Số lượng hàng',
  noGoods: 'không có hàng',
  amount: 'Tổng tiền',
  noUnit: '(không ghi đơn vị)',
};

type Aggregate = Schema<'/api/v1/aggregate', 'get'>;

export function EndOfDayPage() {
  const { query } = useLocation();
  const day = query.get('date') ?? today();
  const [picked, setPicked] = useState(day);
  const [aggregate, setAggregate] = useState<Aggregate>();
  const [breakdown, setBreakdown] = useState<DayBreakdown>();
  const [error, setError] = useState<unknown>();

  useEffect(() => {
    setPicked(day);
    setError(undefined);
    Promise.all([
      call(api.GET('/api/v1/aggregate', { params: { query: { date: day } } })),
      call(api.GET('/api/v1/reports/day', { params: { query: { date: day } } })),
    ]).then(([a, b]) => {
      setAggregate(a);
      setBreakdown(b);
    }, setError);
  }, [day]);

  return (
    <section aria-labelledby="eod-title">
      <h1 id="eod-title">{T.title}</h1>
      <form
        class="filters row no-print"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setQuery({ date: picked });
        }}
      >
        <div>
          <label for="eod-date">{T.date}</label>
          <DateInput id="eod-date" value={picked} onChange={setPicked} describedBy="eod-date-error" />
          <FieldError error={error} field="date" id="eod-date-error" />
        </div>
        <button type="submit" class="primary">
          {T.show}
        </button>
        <button type="button" onClick={() => print()}>
          {T.print}
        </button>
      </form>
      <FormError error={error} fields={['date']} />
      {aggregate && (
        <>
          <h2>{T.heading(date(aggregate.date))}</h2>
          <dl class="facts panel">
            <dt>{T.invoices}</dt>
            <dd data-testid="eod-count">{aggregate.invoiceCount}</dd>
            <dt>{T.quantity}</dt>
            <dd data-testid="eod-quantities">
              {aggregate.quantitiesByUnit.length === 0
                ? T.noGoods
                : aggregate.quantitiesByUnit.map((u) => `${quantity(u.quantity)} ${u.unit || T.noUnit}`).join(', ')}
            </dd>
            <dt>{T.amount}</dt>
            <dd data-testid="eod-amount">{money(aggregate.totalAmount)}</dd>
          </dl>
        </>
      )}
      <DaySummary day={breakdown} heading="h3" />
    </section>
  );
}
