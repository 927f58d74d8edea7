-- Per customer, month of issue and channel, the revenue invoices and their revenue (src/rollups/rollups.table.ts),
-- WITHOUT ROWID like the other rollups read by key range. Filled by 0024.
CREATE TABLE `monthly_customer_channel_sales` (
	`customer_id` text NOT NULL,
	`month` text NOT NULL,
	`channel` text NOT NULL,
	`invoice_count` integer NOT NULL,
	`revenue` integer NOT NULL,
	PRIMARY KEY(`customer_id`, `month`, `channel`)
) WITHOUT ROWID;
