CREATE INDEX `transmissions_state_queued_at` ON `transmissions` (`state`,`queued_at`);--> statement-breakpoint
CREATE INDEX `transmissions_message` ON `transmissions` (`message_id`);