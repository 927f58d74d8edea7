CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`username` text NOT NULL,
	`password_hash` text NOT NULL,
	`role` text NOT NULL,
	`disabled` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (`username`);--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`user_id` text NOT NULL,
	`key` text NOT NULL,
	`fingerprint` text NOT NULL,
	`status_code` integer NOT NULL,
	`response_body` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`user_id`, `key`)
);
--> statement-breakpoint
CREATE INDEX `idempotency_keys_created_at` ON `idempotency_keys` (`created_at`);--> statement-breakpoint
CREATE TABLE `settings` (
	`name` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`hlc` text,
	`updated_at` text NOT NULL,
	`updated_by` text
);
--> statement-breakpoint
CREATE TABLE `customers` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`mst` text,
	`match_key` text,
	`email` text,
	`address` text,
	`phone` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `customers_mst` ON `customers` (`mst`);--> statement-breakpoint
CREATE UNIQUE INDEX `customers_match_key` ON `customers` (`match_key`);--> statement-breakpoint
CREATE INDEX `customers_name_key` ON `customers` (`name_key`);--> statement-breakpoint
CREATE INDEX `customers_created_at` ON `customers` (`created_at`);--> statement-breakpoint
CREATE TABLE `invoice_items` (
	`invoice_id` text NOT NULL,
	`line_no` integer NOT NULL,
	`name` text NOT NULL,
	`sku` text,
	`unit` text,
	`quantity` real NOT NULL,
	`unit_price` real NOT NULL,
	`tax_rate` real NOT NULL,
	`total` integer NOT NULL,
	`tax_amount` integer NOT NULL,
	PRIMARY KEY(`invoice_id`, `line_no`),
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `invoice_items_sku` ON `invoice_items` (`sku`);--> statement-breakpoint
CREATE TABLE `invoice_sequences` (
	`mau_so` text NOT NULL,
	`ky_hieu` text NOT NULL,
	`last_number` integer NOT NULL,
	PRIMARY KEY(`mau_so`, `ky_hieu`)
);
--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`platform_id` text NOT NULL,
	`status` text NOT NULL,
	`mau_so` text NOT NULL,
	`ky_hieu` text NOT NULL,
	`number` integer NOT NULL,
	`issue_date` text NOT NULL,
	`channel` text NOT NULL,
	`payment_method` text NOT NULL,
	`buyer_name` text NOT NULL,
	`buyer_name_key` text NOT NULL,
	`buyer_mst` text,
	`buyer_address` text,
	`buyer_email` text,
	`buyer_phone` text,
	`customer_id` text,
	`seller_name` text NOT NULL,
	`seller_mst` text NOT NULL,
	`seller_address` text,
	`subtotal` integer NOT NULL,
	`tax_amount` integer NOT NULL,
	`total` integer NOT NULL,
	`replaces_id` text,
	`adjusts_id` text,
	`replaced_by_id` text,
	`adjusted_by_id` text,
	`adjustment_type` text,
	`reason` text,
	`order_id` text,
	`authority_code` text,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_platform_id_unique` ON `invoices` (`platform_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_symbol_number` ON `invoices` (`mau_so`,`ky_hieu`,`number`);--> statement-breakpoint
CREATE INDEX `invoices_created_at` ON `invoices` (`created_at`);--> statement-breakpoint
CREATE INDEX `invoices_status_created_at` ON `invoices` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `invoices_buyer_mst_created_at` ON `invoices` (`buyer_mst`,`created_at`);--> statement-breakpoint
CREATE INDEX `invoices_customer_created_at` ON `invoices` (`customer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `invoices_issue_date_status` ON `invoices` (`issue_date`,`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_order_id` ON `invoices` (`order_id`);--> statement-breakpoint
CREATE TABLE `audit_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`invoice_id` text NOT NULL,
	`seq` integer NOT NULL,
	`at` text NOT NULL,
	`actor` text NOT NULL,
	`action` text NOT NULL,
	`details` text NOT NULL,
	`prev_hash` text NOT NULL,
	`hash` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `audit_entries_invoice_seq` ON `audit_entries` (`invoice_id`,`seq`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`title` text NOT NULL,
	`message` text NOT NULL,
	`created_at` text NOT NULL,
	`read` integer DEFAULT false NOT NULL,
	`dedupe_key` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_dedupe_key_unique` ON `notifications` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `notifications_created_at` ON `notifications` (`created_at`);--> statement-breakpoint
CREATE INDEX `notifications_read_created_at` ON `notifications` (`read`,`created_at`);--> statement-breakpoint
CREATE TABLE `products` (
	`sku` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`unit` text,
	`unit_price` real NOT NULL,
	`tax_rate` real NOT NULL,
	`source` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `products_name_key` ON `products` (`name_key`);--> statement-breakpoint
CREATE TABLE `mst_registry` (
	`mst` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`address` text,
	`status` text NOT NULL,
	`source` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `daily_aggregates` (
	`date` text PRIMARY KEY NOT NULL,
	`total_qty` real NOT NULL,
	`total_amount` integer NOT NULL,
	`invoice_count` integer NOT NULL,
	`computed_at` text NOT NULL
);
