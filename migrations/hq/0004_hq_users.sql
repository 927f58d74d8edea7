CREATE TABLE `hq_sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `hq_users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `hq_sessions_user` ON `hq_sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `hq_sessions_expires` ON `hq_sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `hq_users` (
	`id` text PRIMARY KEY NOT NULL,
	`username` text NOT NULL,
	`role` text NOT NULL,
	`stores` text DEFAULT '[]' NOT NULL,
	`password_hash` text NOT NULL,
	`disabled_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `hq_users_username` ON `hq_users` (`username`);