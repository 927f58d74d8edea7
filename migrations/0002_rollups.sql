CREATE TABLE `daily_customer_sales` (
	`date` text NOT NULL,
	`customer_id` text NOT NULL,
	`invoice_count` integer NOT NULL,
	`revenue` integer NOT NULL,
	PRIMARY KEY(`date`, `customer_id`)
);
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
);
--> statement-breakpoint
CREATE TABLE `invoice_status_counts` (
	`status` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `monthly_issued_counts` (
	`month` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL
);
