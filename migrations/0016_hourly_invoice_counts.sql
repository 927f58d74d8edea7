-- Invoices per UTC hour of creation and status (src/rollups/rollups.table.ts), WITHOUT ROWID like the
-- other rollups read by key range. Filled by 0017.
CREATE TABLE `hourly_invoice_counts` (
	`hour` text NOT NULL,
	`status` text NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`hour`, `status`)
) WITHOUT ROWID;
