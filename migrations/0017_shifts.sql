CREATE TABLE `shifts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`username` text NOT NULL,
	`business_date` text NOT NULL,
	`opened_at` text NOT NULL,
	`opening_float` integer NOT NULL,
	`closed_at` text,
	`closed_by` text,
	`cash_sales` integer,
	`cash_refunds` integer,
	`expected_cash` integer,
	`counted_cash` integer,
	`denominations` text,
	`difference` integer,
	`note` text
);
--> statement-breakpoint
CREATE INDEX `shifts_business_date_user` ON `shifts` (`business_date`,`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `shifts_open_user` ON `shifts` (`user_id`) WHERE "shifts"."closed_at" IS NULL;