CREATE TABLE `customer_recent_sales` (
	`customer_id` text PRIMARY KEY NOT NULL,
	`positive_revenue` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `customer_recent_sales_bound` ON `customer_recent_sales` ("positive_revenue" DESC,`customer_id`);--> statement-breakpoint
CREATE TABLE `rollup_windows` (
	`name` text PRIMARY KEY NOT NULL,
	`since` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `daily_customer_sales` ADD `positive_revenue` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `daily_customer_sales_customer_date` ON `daily_customer_sales` (`customer_id`,`date`);