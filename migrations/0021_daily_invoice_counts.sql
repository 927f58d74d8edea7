-- The hourly invoice counts by UTC day (src/rollups/rollups.table.ts), WITHOUT ROWID like the other rollups
-- read by key range. Filled by 0022.
CREATE TABLE `daily_invoice_counts` (
	`day` text NOT NULL,
	`status` text NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`day`, `status`)
) WITHOUT ROWID;
