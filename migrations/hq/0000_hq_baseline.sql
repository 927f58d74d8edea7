CREATE TABLE `push_batches` (
	`store_id` text NOT NULL,
	`batch_seq` integer NOT NULL,
	`answer` text NOT NULL,
	`at` text NOT NULL,
	PRIMARY KEY(`store_id`, `batch_seq`),
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `push_batches_at` ON `push_batches` (`at`);--> statement-breakpoint
CREATE TABLE `stores` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`credential_hash` text NOT NULL,
	`created_at` text NOT NULL,
	`last_push_at` text,
	`last_pull_at` text,
	`applied_through_seq` integer DEFAULT 0 NOT NULL,
	`pull_cursor` integer DEFAULT 0 NOT NULL,
	`invoice_count` integer DEFAULT 0 NOT NULL,
	`reported_version` text,
	`reported_pending` integer
);
--> statement-breakpoint
CREATE TABLE `hlc_clock` (
	`id` integer PRIMARY KEY NOT NULL,
	`last_hlc` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `invoices` (
	`store_id` text NOT NULL,
	`invoice_id` text NOT NULL,
	`version` integer NOT NULL,
	`status` text NOT NULL,
	`mau_so` text NOT NULL,
	`ky_hieu` text NOT NULL,
	`number` integer NOT NULL,
	`issue_date` text NOT NULL,
	`buyer_name` text NOT NULL,
	`buyer_mst` text,
	`total` integer NOT NULL,
	`created_at` text NOT NULL,
	`received_seq` integer NOT NULL,
	PRIMARY KEY(`store_id`, `invoice_id`),
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `invoices_issue_date` ON `invoices` (`issue_date`,`created_at`);--> statement-breakpoint
CREATE INDEX `invoices_store_issue_date` ON `invoices` (`store_id`,`issue_date`,`created_at`);--> statement-breakpoint
CREATE INDEX `invoices_status_issue_date` ON `invoices` (`status`,`issue_date`,`created_at`);--> statement-breakpoint
CREATE INDEX `invoices_store_status_issue_date` ON `invoices` (`store_id`,`status`,`issue_date`,`created_at`);--> statement-breakpoint
CREATE TABLE `records` (
	`store_id` text NOT NULL,
	`record_id` text NOT NULL,
	`version` integer NOT NULL,
	`kind` text NOT NULL,
	`seq` integer NOT NULL,
	`at` text NOT NULL,
	`payload` text NOT NULL,
	`received_at` text NOT NULL,
	PRIMARY KEY(`store_id`, `record_id`, `version`),
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `settings` (
	`store_id` text NOT NULL,
	`name` text NOT NULL,
	`document` text NOT NULL,
	`hlc` text NOT NULL,
	`origin` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`store_id`, `name`),
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `settings_losers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`store_id` text NOT NULL,
	`name` text NOT NULL,
	`document` text NOT NULL,
	`hlc` text NOT NULL,
	`origin` text NOT NULL,
	`lost_to_hlc` text NOT NULL,
	`at` text NOT NULL,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `settings_losers_store` ON `settings_losers` (`store_id`,`id`);--> statement-breakpoint
CREATE TABLE `feed` (
	`cursor` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`store_id` text,
	`kind` text NOT NULL,
	`payload` text NOT NULL,
	`at` text NOT NULL,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `feed_store_cursor` ON `feed` (`store_id`,`cursor`);--> statement-breakpoint
CREATE TABLE `mst_registry` (
	`mst` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`address` text,
	`first_store_id` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`first_store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `products` (
	`sku` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`unit` text,
	`unit_price` real NOT NULL,
	`tax_rate` real NOT NULL,
	`updated_at` text NOT NULL
);
