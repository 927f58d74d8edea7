/** An invoice as people name it: template and symbol, then its eight-digit number (`1C26MAA số 00000012`). */
export const invoiceLabel = (i: { mauSo: string; kyHieu: string; number: number }) =>
  `${i.mauSo}${i.kyHieu} số ${String(i.number).padStart(8, '0')}`;

/** How a link to another invoice names it: its symbol and number (`C26MAA số 12`), never its id. */
export const invoiceShortLabel = (i: { kyHieu: string; number: number }) => `${i.kyHieu} số ${i.number}`;
