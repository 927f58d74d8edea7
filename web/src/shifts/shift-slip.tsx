/** The closed shift as printed: who, when, the float, the cash in and out, the count and its difference. */
import type { Schema } from '../api/types';
import { dateTime, money, quantity } from '../base/format';
import { T } from './strings';

export type Shift = Schema<'/api/v1/shifts', 'get'>['items'][number];

export function ShiftFigures({ shift }: { shift: Shift }) {
  return (
    <dl class="facts">
      <dt>{T.cashier}</dt>
      <dd translate={false}>{shift.username}</dd>
      <dt>{T.openedAt}</dt>
      <dd>{dateTime(shift.openedAt)}</dd>
      {shift.closedAt && (
        <>
          <dt>{T.closedAt}</dt>
          <dd>{dateTime(shift.closedAt)}</dd>
        </>
      )}
      <dt>{T.openingFloat.replace(' (₫)', '')}</dt>
      <dd>{money(shift.openingFloat)}</dd>
      <dt>{T.cashSales}</dt>
      <dd>{money(shift.cashSales)}</dd>
      <dt>{T.cashRefunds}</dt>
      <dd>{money(shift.cashRefunds)}</dd>
      <dt>{T.expected}</dt>
      <dd data-testid="shift-expected">{money(shift.expectedCash)}</dd>
      {shift.countedCash !== null && (
        <>
          <dt>{T.counted}</dt>
          <dd data-testid="shift-counted">{money(shift.countedCash)}</dd>
          <dt>{T.difference}</dt>
          <dd data-testid="shift-difference">{money(shift.difference ?? 0)}</dd>
        </>
      )}
      {shift.denominations && shift.denominations.length > 0 && (
        <>
          <dt>{T.byDenomination}</dt>
          <dd>
            {shift.denominations.map((d) => (
              <div key={d.value}>
                {money(d.value)} × {quantity(d.count)}
              </div>
            ))}
          </dd>
        </>
      )}
      {shift.note && (
        <>
          <dt>{T.note}</dt>
          <dd>{shift.note}</dd>
        </>
      )}
    </dl>
  );
}

/** Printed alone: the page hides everything else while `printing-shift` is on the body (styles.css). */
export function ShiftSlip({ shift, storeName }: { shift: Shift; storeName: string | undefined }) {
  const printSlip = () => {
    document.body.classList.add('printing-shift');
    const done = () => {
      document.body.classList.remove('printing-shift');
      removeEventListener('afterprint', done);
    };
    addEventListener('afterprint', done);
    print();
  };
  return (
    <section class="panel shift-slip" aria-labelledby="shift-slip-title">
      <h2 id="shift-slip-title">{T.slipTitle}</h2>
      {storeName && <p>{storeName}</p>}
      <ShiftFigures shift={shift} />
      <p class="no-print">
        <button type="button" class="primary" onClick={printSlip}>
          {T.print}
        </button>
      </p>
    </section>
  );
}
