CREATE TABLE `daily_revenue` (
	`store_id` text NOT NULL,
	`issue_date` text NOT NULL,
	`status` text NOT NULL,
	`tax_rate` real NOT NULL,
	`invoices` integer NOT NULL,
	`amount` integer NOT NULL,
	`tax_amount` integer NOT NULL,
	PRIMARY KEY(`store_id`, `issue_date`, `status`, `tax_rate`)
);
--> statement-breakpoint
CREATE INDEX `daily_revenue_date` ON `daily_revenue` (`issue_date`,`status`);--> statement-breakpoint
ALTER TABLE `invoices` ADD `tax_lines` text DEFAULT '[]' NOT NULL;