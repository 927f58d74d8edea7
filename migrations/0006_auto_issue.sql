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
CREATE INDEX `scheduled_issues_state_due_at` ON `scheduled_issues` (`state`,`due_at`);