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
CREATE UNIQUE INDEX `transmissions_message_id_unique` ON `transmissions` (`message_id`);--> statement-breakpoint
CREATE INDEX `transmissions_state_next_attempt` ON `transmissions` (`state`,`next_attempt_at`);