/**
 * The printer this till prints on (docs/printing.md): chosen once per device and kept in its browser
 * (localStorage), one of the node's printers (GET /settings/printers). With none chosen the till prints
 * through the browser as before. The node prints at once or answers 503 at once: nothing is queued.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, call } from '../api/client';
import type { Schema } from '../api/types';

export type Printer = Schema<'/api/v1/settings/printers', 'get'>[number];

const KEY = 'hoadon.till.printer';

export const chosenPrinter = (): string => localStorage.getItem(KEY) ?? '';

export function choosePrinter(printerId: string): void {
  if (printerId) localStorage.setItem(KEY, printerId);
  else localStorage.removeItem(KEY);
}

export function usePrinters(): Printer[] {
  const [printers, setPrinters] = useState<Printer[]>([]);
  useEffect(() => {
    call(api.GET('/api/v1/settings/printers'))
      .then(setPrinters)
      .catch(() => {});
  }, []);
  return printers;
}

/** Prints the receipt on the node's printer; a second print of the same sale is a copy ("BẢN SAO"). */
export const printOnPrinter = (invoiceId: string, printerId: string, copy: boolean) =>
  call(
    api.POST('/api/v1/invoices/{id}/print', {
      params: { path: { id: invoiceId } },
      body: { printerId, ...(copy ? { copy: true } : {}) },
    }),
  );
