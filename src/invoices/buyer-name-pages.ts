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

/**
 * Of the names found, those whose invoices can be among the first `reach` of the list of every invoice
 * carrying one of them (newest first), and the instant none of those invoices is older than (`since`, empty
 * when any may be). The names come in the order of their newest invoice (`last`), read as needed: the first
 * `reach` names each have an invoice at their `last`, so the list's first `reach` invoices are no older than
 * the `reach`-th name's `last`, and no name whose newest invoice is older can have one among them.
 * "nguyen van an" is on 834 names and 9,786 invoices at 1 M invoices: its first page needs twenty names.
 */
export function namesReaching(namesNewestFirst: Iterable<BuyerName>, reach: number): { keys: string[]; since: string } {
  const keys: string[] = [];
  let since = '';
  for (const name of namesNewestFirst) {
    if (keys.length >= reach && name.last < since) break;
    keys.push(name.key);
    if (keys.length === reach) since = name.last;
  }
  return { keys, since };
}
