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
CREATE TABLE `buyer_names` (
	`id` integer PRIMARY KEY NOT NULL,
	`name_key` text NOT NULL,
	`invoice_count` integer NOT NULL,
	`last_created_at` text NOT NULL,
	`indexed` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `buyer_names_name_key_unique` ON `buyer_names` (`name_key`);--> statement-breakpoint
CREATE INDEX `buyer_names_to_index` ON `buyer_names` (`id`) WHERE "buyer_names"."indexed" = 0;--> statement-breakpoint
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
CREATE INDEX `invoices_buyer_name_key_created_at` ON `invoices` (`buyer_name_key`,`created_at`);--> statement-breakpoint
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
--> statement-breakpoint
CREATE TABLE `customer_recent_sales` (
	`customer_id` text PRIMARY KEY NOT NULL,
	`positive_revenue` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `customer_recent_sales_bound` ON `customer_recent_sales` ("positive_revenue" DESC,`customer_id`);--> statement-breakpoint
CREATE TABLE `daily_customer_sales` (
	`date` text NOT NULL,
	`customer_id` text NOT NULL,
	`invoice_count` integer NOT NULL,
	`revenue` integer NOT NULL,
	`positive_revenue` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`date`, `customer_id`)
);
--> statement-breakpoint
CREATE INDEX `daily_customer_sales_customer_date` ON `daily_customer_sales` (`customer_id`,`date`);--> statement-breakpoint
CREATE TABLE `daily_invoice_counts` (
	`day` text NOT NULL,
	`status` text NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`day`, `status`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `daily_sales` (
	`date` text NOT NULL,
	`channel` text NOT NULL,
	`invoice_count` integer NOT NULL,
	`revenue` integer NOT NULL,
	`tax_amount` integer NOT NULL,
	`quantity` real NOT NULL,
	PRIMARY KEY(`date`, `channel`)
);
--> statement-breakpoint
CREATE TABLE `daily_sku_sales` (
	`date` text NOT NULL,
	`sku` text NOT NULL,
	`quantity` real NOT NULL,
	`revenue` integer NOT NULL,
	PRIMARY KEY(`date`, `sku`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `hourly_invoice_counts` (
	`hour` text NOT NULL,
	`status` text NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`hour`, `status`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `invoice_status_counts` (
	`status` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `monthly_customer_channel_sales` (
	`customer_id` text NOT NULL,
	`month` text NOT NULL,
	`channel` text NOT NULL,
	`invoice_count` integer NOT NULL,
	`revenue` integer NOT NULL,
	PRIMARY KEY(`customer_id`, `month`, `channel`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `monthly_issued_counts` (
	`month` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `monthly_sku_sales` (
	`month` text NOT NULL,
	`sku` text NOT NULL,
	`quantity` real NOT NULL,
	`revenue` integer NOT NULL,
	PRIMARY KEY(`month`, `sku`)
);
--> statement-breakpoint
CREATE TABLE `rollup_windows` (
	`name` text PRIMARY KEY NOT NULL,
	`since` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`status` text NOT NULL,
	`channel` text NOT NULL,
	`source` text NOT NULL,
	`buyer` text NOT NULL,
	`items` text NOT NULL,
	`payment_method` text NOT NULL,
	`invoice_id` text,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`paid_at` text
);
--> statement-breakpoint
CREATE INDEX `orders_created_at` ON `orders` (`created_at`);--> statement-breakpoint
CREATE INDEX `orders_status_created_at` ON `orders` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_channel_created_at` ON `orders` (`channel`,`created_at`);--> statement-breakpoint
CREATE TABLE `transmissions` (
	`invoice_id` text PRIMARY KEY NOT NULL,
	`message_id` text NOT NULL,
	`state` text NOT NULL,
	`attempts` integer NOT NULL,
	`next_attempt_at` text NOT NULL,
	`last_error` text,
	`queued_at` text NOT NULL,
	`accepted_at` text,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `transmissions_state_next_attempt` ON `transmissions` (`state`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `scheduled_issues` (
	`order_id` text PRIMARY KEY NOT NULL,
	`state` text NOT NULL,
	`due_at` text NOT NULL,
	`attempts` integer NOT NULL,
	`last_error` text,
	`invoice_id` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `scheduled_issues_state_due_at` ON `scheduled_issues` (`state`,`due_at`);--> statement-breakpoint
CREATE TABLE `sync_backfill` (
	`id` integer PRIMARY KEY NOT NULL,
	`through_rowid` integer NOT NULL,
	`until_rowid` integer NOT NULL,
	CONSTRAINT "sync_backfill_single_row" CHECK("sync_backfill"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE `sync_outbox` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`record_id` text NOT NULL,
	`kind` text NOT NULL,
	`version` integer NOT NULL,
	`at` text NOT NULL,
	`payload` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sync_push_acks` (
	`through_seq` integer PRIMARY KEY NOT NULL,
	`at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sync_settings_clock` (
	`name` text PRIMARY KEY NOT NULL,
	`hlc` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sync_state` (
	`id` integer PRIMARY KEY NOT NULL,
	`pushed_through_seq` integer DEFAULT 0 NOT NULL,
	`inflight_from_seq` integer,
	`inflight_through_seq` integer,
	`pull_cursor` integer DEFAULT 0 NOT NULL,
	`last_push_at` text,
	`last_pull_at` text,
	`last_success_at` text,
	`last_error` text,
	`last_error_at` text,
	`consecutive_failures` integer DEFAULT 0 NOT NULL,
	`failing_since` text,
	`next_attempt_at` text,
	`hlc` text,
	CONSTRAINT "sync_state_single_row" CHECK("sync_state"."id" = 1)
);
--> statement-breakpoint
-- Written by hand below this line: what drizzle cannot declare (FTS5 indexes, triggers, the tables only they
-- use, WITHOUT ROWID above) and the one row a new store starts with.
--
-- Substring search on accent-free customer names ("nguyen" finds "Nguyễn") through an FTS5 trigram index.
-- Each customer's search row has a rowid of its own, kept in `customer_search_keys`: an INTEGER PRIMARY KEY,
-- which VACUUM never renumbers (the implicit rowid of `customers`, whose key is TEXT, it may). A rename finds
-- that rowid through the UNIQUE index and deletes by it, instead of scanning the index for an UNINDEXED id.
CREATE TABLE `customer_search_keys` (
	`key` integer PRIMARY KEY,
	`customer_id` text NOT NULL UNIQUE
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `customer_name_search` USING fts5(`name_key`, `customer_id` UNINDEXED, tokenize = 'trigram');
--> statement-breakpoint
CREATE TRIGGER `customers_name_search_insert` AFTER INSERT ON `customers` BEGIN
  INSERT INTO `customer_search_keys` (`customer_id`) VALUES (new.`id`);
  INSERT INTO `customer_name_search` (`rowid`, `name_key`, `customer_id`)
  VALUES ((SELECT `key` FROM `customer_search_keys` WHERE `customer_id` = new.`id`), new.`name_key`, new.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `customers_name_search_update` AFTER UPDATE OF `name_key` ON `customers`
  WHEN old.`name_key` IS NOT new.`name_key` BEGIN
  DELETE FROM `customer_name_search` WHERE `rowid` = (SELECT `key` FROM `customer_search_keys` WHERE `customer_id` = old.`id`);
  INSERT INTO `customer_name_search` (`rowid`, `name_key`, `customer_id`)
  VALUES ((SELECT `key` FROM `customer_search_keys` WHERE `customer_id` = new.`id`), new.`name_key`, new.`id`);
END;
--> statement-breakpoint
-- The buyer name search: a trigram index of every buyer name once (`buyer_names`), where one of every invoice
-- would list a million entries for a common trigram. External content: the names are stored once, in
-- `buyer_names`, which a phrase match needs no row of.
CREATE VIRTUAL TABLE `buyer_name_search` USING fts5(
  `name_key`, content = 'buyer_names', content_rowid = 'id', tokenize = 'trigram'
);
--> statement-breakpoint
-- A name's first invoice adds it with `indexed = 0`; the index job adds such names to `buyer_name_search` in
-- batches (FTS5 writes a segment per transaction: one name a transaction inside the cashier's commit cost far
-- more than the invoice). The name key of an invoice never changes, so the count and the newest instant are
-- all an insert moves.
CREATE TRIGGER `invoices_buyer_names_insert` AFTER INSERT ON `invoices` BEGIN
  INSERT INTO `buyer_names` (`name_key`, `invoice_count`, `last_created_at`) VALUES (new.`buyer_name_key`, 1, new.`created_at`)
  ON CONFLICT (`name_key`) DO UPDATE SET `invoice_count` = `invoice_count` + 1, `last_created_at` = max(`last_created_at`, excluded.`last_created_at`);
END;
--> statement-breakpoint
-- The window of the per-customer recent revenue (src/rollups) starts empty: no day with sales yet.
INSERT INTO `rollup_windows` (`name`, `since`) VALUES ('customer_recent_sales', '');
