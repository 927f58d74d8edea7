CREATE TABLE `deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`invoice_id` text NOT NULL,
	`channel` text NOT NULL,
	`recipient` text NOT NULL,
	`state` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text NOT NULL,
	`last_error` text,
	`requested_by` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `deliveries_invoice` ON `deliveries` (`invoice_id`,`id`);--> statement-breakpoint
CREATE INDEX `deliveries_due` ON `deliveries` (`next_attempt_at`) WHERE "deliveries"."state" = 'queued';--> statement-breakpoint
CREATE TABLE `mail_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`smtp_url` text,
	`mail_from` text,
	`updated_at` text NOT NULL,
	`updated_by` text NOT NULL,
	CONSTRAINT "mail_settings_one_row" CHECK("mail_settings"."id" = 1)
);
