/** Customers are never created directly: each invoice's buyer is matched to one, or becomes one. */
import type { IdGenerator } from '../clock.js';
import { normaliseMst } from '../domain/mst.js';
import { searchKey } from '../domain/text.js';
import { notFound } from '../errors.js';
import { boundedPageFigures } from '../http/envelope.js';
import type { CustomerRow, CustomersRepository } from './customers.repository.js';

export interface BuyerFacts {
  name: string;
  mst?: string | undefined;
  email?: string | undefined;
  address?: string | undefined;
  phone?: string | undefined;
}

/** Without an MST a buyer is known by name and e-mail together ("Khách lẻ" with no e-mail is one customer). */
export function customerMatchKey(buyer: BuyerFacts): string {
  return `${searchKey(buyer.name)}|${(buyer.email ?? '').trim().toLowerCase()}`;
}

const blankToNull = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : null);

const toDetail = (c: CustomerRow) => ({
  id: c.id,
  name: c.name,
  mst: c.mst ?? undefined,
  address: c.address ?? undefined,
  email: c.email ?? undefined,
  phone: c.phone ?? undefined,
  createdAt: c.createdAt,
});

export function createCustomersService(deps: { customers: CustomersRepository; newId: IdGenerator }) {
  const { customers, newId } = deps;
  const findOrFail = (id: string) => {
    const customer = customers.findById(id);
    if (!customer) throw notFound('khách hàng', id);
    return customer;
  };

  return {
    /**
     * Finds or creates the customer of an invoice's buyer; runs inside the invoice's transaction. A known
     * customer takes the newest non-empty details (businesses move and rename; the MST stays).
     */
    extractFromBuyer(buyer: BuyerFacts, at: string): string {
      const mst = blankToNull(buyer.mst);
      const matchKey = mst ? null : customerMatchKey(buyer);
      const existing = mst ? customers.findByMst(mst) : customers.findByMatchKey(matchKey as string);
      const details = {
        email: blankToNull(buyer.email),
        address: blankToNull(buyer.address),
        phone: blankToNull(buyer.phone),
      };
      if (existing) {
        const renamed = mst && buyer.name !== existing.name ? { name: buyer.name, nameKey: searchKey(buyer.name) } : {};
        customers.updateFromBuyer(existing.id, { updatedAt: at, ...renamed, ...details });
        return existing.id;
      }
      const id = newId();
      customers.insert({
        id,
        name: buyer.name,
        nameKey: searchKey(buyer.name),
        mst,
        matchKey,
        ...details,
        createdAt: at,
        updatedAt: at,
      });
      return id;
    },

    list(search: string | undefined, pageNumber: number, pageSize: number) {
      const term = search?.trim() ? normaliseMst(search) : undefined;
      const { total, totalIsLowerBound, rows } = customers.list(term, pageSize, (pageNumber - 1) * pageSize);
      const items = rows.map((r) => ({ ...r, mst: r.mst ?? undefined, email: r.email ?? undefined }));
      return { items, ...boundedPageFigures(total, totalIsLowerBound, pageNumber, pageSize) };
    },

    get: (id: string) => toDetail(findOrFail(id)),

    analytics(id: string) {
      const customer = findOrFail(id);
      const { stats, monthly, channels } = customers.revenueStats(id);
      return {
        customer: { id: customer.id, name: customer.name },
        stats: {
          totalInvoices: stats.count,
          totalRevenue: stats.revenue,
          avgOrderValue: stats.count === 0 ? 0 : Math.round(stats.revenue / stats.count),
          firstInvoice: stats.first ?? undefined,
          lastInvoice: stats.last ?? undefined,
        },
        monthly,
        channels: Object.fromEntries(channels.map((c) => [c.channel, { count: c.count, revenue: c.revenue }])),
      };
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
