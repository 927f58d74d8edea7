ALTER TABLE `invoice_items` ADD `kind` text DEFAULT 'goods' NOT NULL;--> statement-breakpoint
ALTER TABLE `invoice_items` ADD `tax_category` text;--> statement-breakpoint
ALTER TABLE `invoice_items` ADD `tax_group` text;--> statement-breakpoint
ALTER TABLE `invoice_items` ADD `discount_rate` real;--> statement-breakpoint
ALTER TABLE `invoice_items` ADD `discount_amount` integer;--> statement-breakpoint
ALTER TABLE `invoice_items` ADD `discount` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `discount_total` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `lookup_code` text;--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_lookup_code` ON `invoices` (`lookup_code`);--> statement-breakpoint
-- Lines written before kinds and categories: each is goods at its rate, grouped as the rate's TSuat text.
UPDATE `invoice_items` SET `tax_group` = CASE
  WHEN round(`tax_rate` * 100, 4) IN (0, 5, 8, 10) THEN CAST(CAST(round(`tax_rate` * 100) AS INTEGER) AS TEXT) || '%'
  ELSE 'KHAC:' || printf('%.2f', `tax_rate` * 100) END;--> statement-breakpoint
-- Invoices issued before lookup codes get one each (64 random bits, as hex).
UPDATE `invoices` SET `lookup_code` = upper(hex(randomblob(8))) WHERE `lookup_code` IS NULL;--> statement-breakpoint
-- An end-of-day total quantity is null when the day sold in several units (kg and cups are not added).
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_daily_aggregates` (
	`date` text PRIMARY KEY NOT NULL,
	`total_qty` real,
	`total_amount` integer NOT NULL,
	`invoice_count` integer NOT NULL,
	`computed_at` text NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_daily_aggregates`("date", "total_qty", "total_amount", "invoice_count", "computed_at") SELECT "date", "total_qty", "total_amount", "invoice_count", "computed_at" FROM `daily_aggregates`;--> statement-breakpoint
DROP TABLE `daily_aggregates`;--> statement-breakpoint
ALTER TABLE `__new_daily_aggregates` RENAME TO `daily_aggregates`;--> statement-breakpoint
PRAGMA foreign_keys=ON;