/**
 * The migration chains folded into one baseline before the first release. A data dir built through such a
 * chain recorded every one of its tags in `schema_migrations` (tags only: the runner keeps no hash); the
 * whole list, in order, up to the chain's last tag, is what recognises a database whose schema is exactly
 * the baseline's (test/db/baseline.test.ts compares both schemas).
 */
export interface FoldedChain {
  /** Every tag the chain recorded, in order. */
  tags: readonly string[];
  /** The migration that now builds the same schema at once. */
  baseline: string;
}

const STORE_CHAIN: FoldedChain = {
  baseline: '0000_baseline',
  tags: [
    '0000_init',
    '0001_search_indexes',
    '0002_rollups',
    '0003_rollups_backfill',
    '0004_orders',
    '0005_transmissions',
    '0006_auto_issue',
    '0007_sync_outbox',
    '0008_customer_recent_sales',
    '0009_customer_recent_sales_backfill',
    '0010_sync_backfill',
    '0011_customer_search_rowid',
    '0012_monthly_sku_sales',
    '0013_monthly_sku_sales_backfill',
    '0014_daily_sku_sales_without_rowid',
    '0015_invoice_buyer_search_backlog',
    '0016_hourly_invoice_counts',
    '0017_hourly_invoice_counts_backfill',
    '0018_drop_invoice_items_sku',
    '0019_drop_transmissions_message_id_unique',
    '0020_buyer_search_detail_none',
    '0021_daily_invoice_counts',
    '0022_daily_invoice_counts_backfill',
    '0023_monthly_customer_channel_sales',
    '0024_monthly_customer_channel_sales_backfill',
    '0025_buyer_names',
    '0026_buyer_name_search',
  ],
};

const HQ_CHAIN: FoldedChain = {
  baseline: '0000_hq_baseline',
  tags: ['0000_hq_init', '0001_store_reports', '0002_invoice_document_in_records'],
};

/** By migrations folder (`migrations`, `migrations/hq`). */
export const FOLDED_CHAINS: Readonly<Record<string, FoldedChain>> = {
  migrations: STORE_CHAIN,
  'migrations/hq': HQ_CHAIN,
};
