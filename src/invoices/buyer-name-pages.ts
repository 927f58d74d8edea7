/** A buyer name key found by the search, with how many invoices carry it and the newest one's instant (`buyer_names`). */
export interface BuyerName {
  key: string;
  count: number;
  last: string;
}

/** An invoice as the name index holds it: enough to order it as the list does. */
export interface InvoicePlace {
  rowid: number;
  createdAt: string;
}

/** The list's order: newest first, by creation instant, then by rowid (newest inserted first). */
export const newestFirst = (a: InvoicePlace, b: InvoicePlace) =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : b.rowid - a.rowid;

/**
 * The invoices at [offset, offset + limit) of the list of every invoice carrying one of `names`, newest
 * first. The names come in the order of their newest invoice, read as needed; each name's newest invoices
 * are read by index (`newestOf`, at most as many as the page reaches). It stops at the first name whose
 * newest invoice is older than the page's last, since no invoice of it or of any name after it can be on
 * the page: "nguyen van an" is on 834 names and 9,786 invoices at 1 M invoices, and its first page reads
 * about twenty names of a dozen invoices.
 */
export function pageOfNames(
  namesNewestFirst: Iterable<BuyerName>,
  limit: number,
  offset: number,
  newestOf: (key: string, count: number) => InvoicePlace[],
): InvoicePlace[] {
  const reach = offset + limit;
  // Sorted and cut to `reach` only when as many again have been read: a page deep into many names reads
  // thousands of them, and sorting at each would be quadratic.
  let kept: InvoicePlace[] = [];
  let unsorted: InvoicePlace[] = [];
  const keepNewest = () => {
    kept = kept.concat(unsorted).sort(newestFirst).slice(0, reach);
    unsorted = [];
  };
  for (const name of namesNewestFirst) {
    if (kept.length === reach && name.last < kept[reach - 1]!.createdAt) break;
    for (const place of newestOf(name.key, reach)) unsorted.push(place);
    if (unsorted.length >= reach) keepNewest();
  }
  keepNewest();
  return kept.slice(offset);
}
