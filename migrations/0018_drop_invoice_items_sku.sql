-- No query reads invoice lines by SKU since the SKU rollups (migrations 0002, 0012): top products read
-- daily_sku_sales and monthly_sku_sales. The index still cost every line of every invoice a write at a
-- random page (one of the 500-odd SKUs' ranges), about a sixth of the pages an invoice's commit wrote at
-- 1 M invoices, and 57 MB.
DROP INDEX `invoice_items_sku`;