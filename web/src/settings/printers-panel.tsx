/**
 * "Máy in" (PUT /settings/printers): the shop's receipt printers, a network printer (address:port) or a
 * queue of the node's operating system (a USB printer), each with its paper width and whether a cash sale
 * opens its drawer; "In thử" and "Mở két" for each saved one. Each till then picks its printer on the till.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, call } from '../api/client';
import { FormError } from '../base/field-error';
import type { Printer } from '../till/till-printer';
import { Check } from './check';
import { T } from './strings';
import { TextField } from './text-field';

const blank = (n: number): Printer => ({
  id: `quay-${n}`,
  name: `Quầy ${n}`,
  connection: 'tcp',
  address: '',
  paperWidthMm: 80,
  openDrawerOnCash: true,
});

export function PrintersPanel() {
  const [printers, setPrinters] = useState<Printer[]>();
  const [saved, setSaved] = useState<Printer[]>([]);
  const [error, setError] = useState<unknown>();
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    call(api.GET('/api/v1/settings/printers')).then((list) => {
      setPrinters(list);
      setSaved(list);
    }, setError);
  }, []);
  if (!printers) return <FormError error={error} fields={[]} />;

  const edit = (index: number, patch: Partial<Printer>) =>
    setPrinters(printers.map((p, i) => (i === index ? { ...p, ...patch } : p)));

  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    setError(undefined);
    setStatus('');
    try {
      setStatus(await work());
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  const save = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      const list = await call(api.PUT('/api/v1/settings/printers', { body: printers }));
      setPrinters(list);
      setSaved(list);
      return T.saved;
    });
  };
  const test = (p: Printer) =>
    run(async () => {
      await call(api.POST('/api/v1/printers/{id}/test', { params: { path: { id: p.id } } }));
      return T.printerTested(p.name);
    });
  const openDrawer = (p: Printer) =>
    run(async () => {
      await call(api.POST('/api/v1/printers/{id}/open-drawer', { params: { path: { id: p.id } } }));
      return T.drawerOpened(p.name);
    });
  const isSaved = (p: Printer) => saved.some((s) => JSON.stringify(s) === JSON.stringify(p));

  return (
    <form class="panel" onSubmit={save} noValidate aria-labelledby="printers-title">
      <h2 id="printers-title">{T.printers}</h2>
      <p class="muted">{T.printersHelp}</p>
      {printers.map((p, i) => (
        <fieldset key={i}>
          <legend>{p.name || T.printerN(i + 1)}</legend>
          <div class="field-grid">
            <TextField
              id={`printer-${i}-name`}
              label={T.printerName}
              value={p.name}
              field={`${i}.name`}
              error={error}
              onInput={(name) => edit(i, { name })}
            />
            <TextField
              id={`printer-${i}-id`}
              label={T.printerId}
              value={p.id}
              field={`${i}.id`}
              error={error}
              onInput={(id) => edit(i, { id })}
            />
            <div>
              <label for={`printer-${i}-connection`}>{T.printerConnection}</label>
              <select
                id={`printer-${i}-connection`}
                value={p.connection}
                onChange={(e) => edit(i, { connection: e.currentTarget.value as Printer['connection'] })}
              >
                <option value="tcp">{T.connectionTcp}</option>
                <option value="system">{T.connectionSystem}</option>
              </select>
            </div>
            <TextField
              id={`printer-${i}-address`}
              label={p.connection === 'tcp' ? T.printerAddress : T.printerQueue}
              value={p.address}
              field={`${i}.address`}
              error={error}
              onInput={(address) => edit(i, { address })}
            />
            <div>
              <label for={`printer-${i}-paper`}>{T.paperWidth}</label>
              <select
                id={`printer-${i}-paper`}
                value={String(p.paperWidthMm)}
                onChange={(e) => edit(i, { paperWidthMm: e.currentTarget.value === '58' ? 58 : 80 })}
              >
                <option value="80">80 mm</option>
                <option value="58">58 mm</option>
              </select>
            </div>
          </div>
          <Check
            label={T.openDrawerOnCash}
            checked={p.openDrawerOnCash}
            onChange={(openDrawerOnCash) => edit(i, { openDrawerOnCash })}
          />
          <div class="actions">
            <button type="button" disabled={busy || !isSaved(p)} onClick={() => test(p)}>
              {T.testPrint}
            </button>
            <button type="button" disabled={busy || !isSaved(p)} onClick={() => openDrawer(p)}>
              {T.openDrawer}
            </button>
            <button type="button" disabled={busy} onClick={() => setPrinters(printers.filter((_, j) => j !== i))}>
              {T.removePrinter}
            </button>
          </div>
        </fieldset>
      ))}
      <FormError error={error} fields={printers.flatMap((_, i) => ['name', 'id', 'address'].map((f) => `${i}.${f}`))} />
      <div class="actions">
        <button type="button" disabled={busy} onClick={() => setPrinters([...printers, blank(printers.length + 1)])}>
          {T.addPrinter}
        </button>
        <button type="submit" class="primary" disabled={busy}>
          {T.save}
        </button>
        <span role="status">{status}</span>
      </div>
    </form>
  );
}
