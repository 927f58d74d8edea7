/**
 * Shifts ("kết ca"): a seller opens their shift with its float and closes it with the cash counted, then
 * prints the slip; below, a day's shifts (the cashier's own, every one for an admin or accountant) and the
 * end of day that sums them. The date is in the URL.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, call, newIdempotencyKey } from '../api/client';
import type { Schema } from '../api/types';
import { useSession } from '../auth/session';
import { DateInput } from '../base/date-input';
import { FieldError, FormError } from '../base/field-error';
import { amountText, date, dateTime, money, today } from '../base/format';
import { setQuery, useLocation } from '../base/router';
import { useStoreConfig } from '../base/store-config';
import { Table } from '../base/table';
import { amountOf, CloseForm } from './close-form';
import { type Shift, ShiftFigures, ShiftSlip } from './shift-slip';
import { T } from './strings';

type Day = Schema<'/api/v1/shifts', 'get'>;

export function ShiftsPage() {
  const session = useSession();
  const config = useStoreConfig(session);
  const { query } = useLocation();
  const day = query.get('date') ?? today();
  const [picked, setPicked] = useState(day);
  const [current, setCurrent] = useState<Shift | null>();
  const [slip, setSlip] = useState<Shift>();
  const [list, setList] = useState<Day>();
  const [float, setFloat] = useState('');
  const [error, setError] = useState<unknown>();
  const [openError, setOpenError] = useState<unknown>();
  const [status, setStatus] = useState('');
  const sells = session?.role !== 'accountant';

  const loadDay = () => call(api.GET('/api/v1/shifts', { params: { query: { date: day } } })).then(setList, setError);
  useEffect(() => {
    setPicked(day);
    void loadDay();
  }, [day]);
  useEffect(() => {
    call(api.GET('/api/v1/shifts/current')).then(setCurrent, setError);
  }, []);

  const open = async (event: Event) => {
    event.preventDefault();
    setOpenError(undefined);
    try {
      const opened = await call(
        api.POST('/api/v1/shifts', {
          body: { openingFloat: amountOf(float) },
          headers: { 'x-idempotency-key': newIdempotencyKey() },
        }),
      );
      setCurrent(opened);
      setSlip(undefined);
      setFloat('');
      setStatus(T.openedDone);
      await loadDay();
    } catch (caught) {
      setOpenError(caught);
    }
  };

  return (
    <section class="shifts-page" aria-labelledby="shifts-title">
      <h1 id="shifts-title">{T.title}</h1>
      <p role="status" class="no-print">
        {status}
      </p>
      <FormError error={error} fields={['date']} />
      {sells && current === null && !slip && (
        <form class="panel no-print" noValidate onSubmit={open} aria-labelledby="open-shift-title">
          <h2 id="open-shift-title">{T.openTitle}</h2>
          <p>{T.noShift}</p>
          <div class="row">
            <div>
              <label for="opening-float">{T.openingFloat}</label>
              <input
                id="opening-float"
                inputMode="numeric"
                value={float}
                aria-describedby="opening-float-error"
                onInput={(e) => setFloat(e.currentTarget.value)}
                onBlur={() => float && setFloat(amountText(amountOf(float)))}
              />
              <FieldError error={openError} field="openingFloat" id="opening-float-error" />
            </div>
            <button type="submit" class="primary">
              {T.open}
            </button>
          </div>
          <FormError error={openError} fields={['openingFloat']} />
        </form>
      )}
      {current && (
        <div class="no-print">
          <section class="panel" aria-labelledby="my-shift-title">
            <h2 id="my-shift-title">{T.myShift}</h2>
            <ShiftFigures shift={current} />
          </section>
          <CloseForm
            shift={current}
            onClosed={(closed) => {
              setCurrent(null);
              setSlip(closed);
              setStatus(T.closedDone);
              void loadDay();
            }}
          />
        </div>
      )}
      {slip && <ShiftSlip shift={slip} storeName={config?.storeName} />}
      <section class="no-print" aria-labelledby="shift-day-title">
        <h2 id="shift-day-title">{T.dayTitle}</h2>
        <form
          class="filters row"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setQuery({ date: picked });
          }}
        >
          <div>
            <label for="shift-date">{T.date}</label>
            <DateInput id="shift-date" value={picked} onChange={setPicked} describedBy="shift-date-error" />
            <FieldError error={error} field="date" id="shift-date-error" />
          </div>
          <button type="submit">{T.show}</button>
        </form>
        {list && list.items.length === 0 && <p class="muted">{T.none}</p>}
        {list && list.items.length > 0 && (
          <Table
            caption={`${T.dayTitle} ${date(list.date)}`}
            columns={[
              { label: T.cashier },
              { label: T.openedAt },
              { label: T.status },
              { label: T.floatShort, num: true },
              { label: T.cashSales, num: true },
              { label: T.cashRefunds, num: true },
              { label: T.expected, num: true },
              { label: T.counted, num: true },
              { label: T.difference, num: true },
              { label: T.note },
              { label: T.print, hidden: true },
            ]}
            rows={list.items}
            rowKey={(s) => s.id}
            cells={(s) => [
              <span key="who" translate={false}>
                {s.username}
              </span>,
              dateTime(s.openedAt),
              s.status === 'open' ? T.statusOpen : T.statusClosed,
              money(s.openingFloat),
              money(s.cashSales),
              money(s.cashRefunds),
              money(s.expectedCash),
              s.countedCash === null ? '' : money(s.countedCash),
              s.difference === null ? '' : money(s.difference),
              s.note ?? '',
              s.status === 'closed' ? (
                <button key="print" type="button" aria-label={T.printRow(s.username)} onClick={() => setSlip(s)}>
                  {T.slipTitle}
                </button>
              ) : (
                ''
              ),
            ]}
            footer={
              <tr>
                <th scope="row">{T.dayTotal}</th>
                <td colSpan={2}>{list.total.openShifts ? T.openShifts(list.total.openShifts) : ''}</td>
                <td class="num">{money(list.total.openingFloat)}</td>
                <td class="num">{money(list.total.cashSales)}</td>
                <td class="num">{money(list.total.cashRefunds)}</td>
                <td class="num">{money(list.total.expectedCash)}</td>
                <td class="num" data-testid="day-counted">
                  {money(list.total.countedCash)}
                </td>
                <td class="num" data-testid="day-difference">
                  {money(list.total.difference)}
                </td>
                <td colSpan={2} />
              </tr>
            }
          />
        )}
      </section>
    </section>
  );
}
