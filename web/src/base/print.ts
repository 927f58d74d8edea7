/**
 * Opening an invoice's PDF (A4 or the 80 mm receipt) or XML fetched with the tab's token. The window is
 * opened at the click, before the download, so that no popup blocker stands between the cashier and the
 * printer; the browser's PDF viewer prints it.
 */
import { download } from '../api/client';

export type PdfFormat = 'a4' | 'receipt';

export async function openPdf(invoiceId: string, format: PdfFormat): Promise<void> {
  const target = window.open('', '_blank');
  try {
    const blob = await download(`/api/v1/invoices/${encodeURIComponent(invoiceId)}/pdf?format=${format}`);
    const url = URL.createObjectURL(blob);
    if (target) target.location.href = url;
    else location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    target?.close();
    throw error;
  }
}

/** Saves a file the node serves (the invoice XML) under a name. */
export async function saveFile(path: string, fileName: string): Promise<void> {
  const url = URL.createObjectURL(await download(path));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
