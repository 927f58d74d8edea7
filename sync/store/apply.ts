/**
 * Applying one item of HQ's feed through the same domain functions as the API, so the same validation runs.
 * Each item runs in a savepoint of the page's transaction: a refused item is undone alone, recorded and
 * announced, and the feed goes on (HQ's next edit will come as a new item).
 */
import type Database from 'better-sqlite3';
import { z } from 'zod';
import type { AuditRepository } from '../../src/audit/audit.repository.js';
import type { Clock } from '../../src/clock.js';
import { inTransaction } from '../../src/db/transaction.js';
import { canonicalJson } from '../../src/domain/canonical-json.js';
import { checkMst } from '../../src/domain/mst.js';
import { AppError, validationError } from '../../src/errors.js';
import type { MstService } from '../../src/mst/mst.service.js';
import type { Notify } from '../../src/notifications/notify.js';
import { createOrderBody } from '../../src/orders/orders.schemas.js';
import type { OrdersService } from '../../src/orders/orders.service.js';
import type { ProductsService } from '../../src/products/products.service.js';
import type { SettingsService } from '../../src/settings/settings.service.js';
import { parseHlc } from '../hlc.js';
import { type FeedItem, type FeedKind, productsPayload, settingsPayload } from '../protocol.js';
import type { StoreHlc } from './capture.js';
import type { SyncStateRepository } from './state.repository.js';

const orderPayload = createOrderBody.required({ id: true });

const mstPayload = z.object({
  mst: z.string(),
  name: z.string().trim().min(1).max(400),
  address: z.string().trim().max(400).nullish(),
  status: z.string().trim().min(1).max(50).default('active'),
});

function parse<S extends z.ZodType>(schema: S, payload: unknown): z.infer<S> {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  throw validationError(details.map((d) => `${d.path}: ${d.message}`).join('; '), details);
}

export type ItemOutcome = 'applied' | 'skipped' | 'refused';

export function createFeedApplier(deps: {
  sqlite: Database.Database;
  settings: Pick<SettingsService, 'read' | 'update'>;
  products: Pick<ProductsService, 'upsertFromHeadquarters'>;
  orders: Pick<OrdersService, 'findById' | 'record'>;
  mst: Pick<MstService, 'upsertFromHeadquarters'>;
  audit: AuditRepository;
  state: SyncStateRepository;
  hlc: StoreHlc;
  notify: Notify;
  clock: Clock;
  storeId: () => string;
}) {
  const { settings, audit, state, hlc, clock } = deps;
  const conflictLost = (name: string, details: Record<string, unknown>) =>
    audit.append({
      invoiceId: `settings:${name}`,
      at: clock.now().toISOString(),
      actor: 'hq-sync',
      action: 'settings-conflict-lost',
      details,
    });

  /** The document with the greater clock wins; the other one is kept in the audit trail. */
  function applySettings(payload: unknown): ItemOutcome {
    const { name, document, hlc: remote } = parse(settingsPayload, payload);
    hlc.receive(remote);
    const local = state.settingsClock(name);
    if (local === remote) return 'skipped';
    const current = settings.read(name);
    const differs = canonicalJson(current) !== canonicalJson({ ...current, ...document });
    if (local !== undefined && local > remote) {
      if (differs) conflictLost(name, { lost: 'hq', lostHlc: remote, keptHlc: local, lostDocument: document });
      return 'skipped';
    }
    settings.update(name, document, 'hq-sync', { hlc: remote });
    state.setSettingsClock(name, remote);
    if (local !== undefined && parseHlc(local).node === deps.storeId() && differs) {
      conflictLost(name, { lost: 'store', lostHlc: local, keptHlc: remote, lostDocument: current });
    }
    return 'applied';
  }

  const handlers: Record<FeedKind, (payload: unknown) => ItemOutcome> = {
    settings: applySettings,
    products(payload) {
      for (const product of parse(productsPayload, payload).products) deps.products.upsertFromHeadquarters(product);
      return 'applied';
    },
    order(payload) {
      const order = parse(orderPayload, payload);
      if (deps.orders.findById(order.id)) return 'skipped';
      deps.orders.record(order, { username: 'hq-sync' }, 'hq');
      return 'applied';
    },
    mst(payload) {
      const entry = parse(mstPayload, payload);
      const check = checkMst(entry.mst);
      if (!check.ok) throw validationError(check.message, [{ path: 'mst', message: check.message }]);
      deps.mst.upsertFromHeadquarters({ ...entry, mst: check.mst });
      return 'applied';
    },
  };

  /** Call inside the page's transaction. A refusal is reported, not thrown; anything else rolls the page back. */
  return (item: FeedItem): { outcome: ItemOutcome; error?: string } => {
    try {
      return { outcome: inTransaction(deps.sqlite, () => handlers[item.kind](item.payload)) };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const message = `Mục ${item.cursor} (${item.kind}) từ trụ sở không áp dụng được: ${error.message}`;
      deps.notify({
        type: 'system',
        title: 'Không áp dụng được dữ liệu từ trụ sở',
        message,
        dedupeKey: `sync-refused:${item.cursor}`,
      });
      return { outcome: 'refused', error: message };
    }
  };
}

export type FeedApplier = ReturnType<typeof createFeedApplier>;
