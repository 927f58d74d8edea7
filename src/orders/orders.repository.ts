import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { countRows } from '../db/count.js';
import type { Db } from '../db/open.js';
import { preparedInsert } from '../db/prepared.js';
import { type OrderStatus, orders } from './orders.table.js';

export type OrderRow = typeof orders.$inferSelect;

export interface OrderFilter {
  status?: OrderStatus | undefined;
  channel?: OrderRow['channel'] | undefined;
  createdFrom?: string | undefined;
  createdBefore?: string | undefined;
}

export function createOrdersRepository(db: Db) {
  const insert = preparedInsert(db, orders);
  const byId = db
    .select()
    .from(orders)
    .where(eq(orders.id, sql.placeholder('id')))
    .prepare();
  return {
    insert,
    findById: (id: string): OrderRow | undefined => byId.get({ id }),
    update(id: string, changes: Partial<OrderRow>): OrderRow {
      db.update(orders).set(changes).where(eq(orders.id, id)).run();
      return byId.get({ id }) as OrderRow;
    },
    list(filter: OrderFilter, limit: number, offset: number) {
      const conditions: (SQL | undefined)[] = [
        filter.status ? eq(orders.status, filter.status) : undefined,
        filter.channel ? eq(orders.channel, filter.channel) : undefined,
        filter.createdFrom ? gte(orders.createdAt, filter.createdFrom) : undefined,
        filter.createdBefore ? lt(orders.createdAt, filter.createdBefore) : undefined,
      ];
      const where = and(...conditions.filter((c): c is SQL => c !== undefined));
      return {
        total: countRows(db, orders, where),
        rows: db
          .select()
          .from(orders)
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(limit)
          .offset(offset)
          .all(),
      };
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
