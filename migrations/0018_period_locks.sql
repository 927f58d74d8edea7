CREATE TABLE `period_lock_entries` (
	`month` text NOT NULL,
	`tax_group` text NOT NULL,
	`seq` integer NOT NULL,
	`issue_date` text NOT NULL,
	`entry` text NOT NULL,
	PRIMARY KEY(`month`, `tax_group`, `seq`)
);
--> statement-breakpoint
CREATE TABLE `period_locks` (
	`month` text PRIMARY KEY NOT NULL,
	`locked_at` text NOT NULL,
	`locked_by` text NOT NULL,
	`frozen` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `invoices_corrections_issue_date` ON `invoices` (`issue_date`) WHERE "invoices"."replaces_id" IS NOT NULL OR "invoices"."adjusts_id" IS NOT NULL;