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
CREATE INDEX `orders_channel_created_at` ON `orders` (`channel`,`created_at`);