/**
 * Tax-code look-up: the four validation rules, then the local registry, then the upstream (cached with a
 * time to live). Offline, a stale cached record is served rather than nothing.
 */
import type { Clock } from '../clock.js';
import { checkMst } from '../domain/mst.js';
import { AppError, notFound, validationError } from '../errors.js';
import type { InvoiceListener } from '../invoices/invoice-events.js';
import type { MstRepository, RegistryEntry } from './mst.repository.js';
import type { MstUpstream } from './mst-upstream.js';

export const UPSTREAM_CACHE_DAYS = 30;

const toResult = (e: RegistryEntry) => ({ mst: e.mst, name: e.name, address: e.address ?? '', status: e.status });

export function createMstService(deps: {
  registry: MstRepository;
  upstream: () => MstUpstream | undefined;
  clock: Clock;
}) {
  const { registry, upstream, clock } = deps;
  // Only the authority's answer is settled: a name from an invoice or from HQ is asked again when an upstream
  // is configured (and served when it does not know the code or does not answer).
  const isFresh = (e: RegistryEntry) =>
    e.source === 'upstream' && clock.now().getTime() - Date.parse(e.updatedAt) < UPSTREAM_CACHE_DAYS * 24 * 3600 * 1000;

  return {
    /** Validates (400 naming the failed rule), then answers from the registry or the upstream. */
    async lookup(raw: string | undefined) {
      const check = checkMst(raw);
      if (!check.ok)
        throw validationError(check.message, [{ path: 'querystring.mst', message: `${check.rule}: ${check.message}` }]);
      const local = registry.find(check.mst);
      if (local && isFresh(local)) return toResult(local);
      const source = upstream();
      const answer = source ? await source.lookup(check.mst) : undefined;
      if (answer?.kind === 'found') {
        const entry: RegistryEntry = {
          ...answer.record,
          address: answer.record.address ?? null,
          source: 'upstream',
          updatedAt: clock.now().toISOString(),
        };
        registry.upsert(entry);
        return toResult(entry);
      }
      if (local) return toResult(local);
      if (answer?.kind === 'unavailable') {
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          503,
          'Không tra cứu được mã số thuế: dịch vụ của cơ quan thuế không phản hồi. Vui lòng thử lại sau.',
        );
      }
      throw notFound('doanh nghiệp có mã số thuế', check.mst);
    },

    /** Headquarters' registry entries (the sync pull calls this). */
    upsertFromHeadquarters(entry: { mst: string; name: string; address?: string | null; status: string }) {
      registry.upsert({ ...entry, address: entry.address ?? null, source: 'hq', updatedAt: clock.now().toISOString() });
    },

    /** Buyers seen on invoices seed the registry (assumed active: the seller just invoiced them). */
    invoiceListener: (({ before, after }) => {
      if (before || !after.buyerMst) return;
      registry.upsert({
        mst: after.buyerMst,
        name: after.buyerName,
        address: after.buyerAddress,
        status: 'active',
        source: 'invoice',
        updatedAt: after.createdAt,
      });
    }) satisfies InvoiceListener,
  };
}

export type MstService = ReturnType<typeof createMstService>;
