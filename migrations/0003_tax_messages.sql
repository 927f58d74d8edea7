CREATE TABLE `tax_messages` (
	`message_id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`state` text NOT NULL,
	`xml` text NOT NULL,
	`attempts` integer NOT NULL,
	`next_attempt_at` text NOT NULL,
	`last_error` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `tax_messages_state_next_attempt` ON `tax_messages` (`state`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `tax_registration` (
	`id` integer PRIMARY KEY NOT NULL,
	`message_id` text NOT NULL,
	`state` text NOT NULL,
	`cash_register_prefix` text,
	`reason` text,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `tax_replies` (
	`reply_id` text PRIMARY KEY NOT NULL,
	`reply_to` text NOT NULL,
	`type` text NOT NULL,
	`xml` text NOT NULL,
	`received_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `tax_replies_reply_to` ON `tax_replies` (`reply_to`);