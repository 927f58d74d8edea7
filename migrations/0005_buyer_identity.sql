ALTER TABLE `invoices` ADD `buyer_cccd` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `buyer_passport` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `buyer_budget_unit_code` text;