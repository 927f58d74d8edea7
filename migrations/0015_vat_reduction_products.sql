ALTER TABLE `products` ADD `vat_reduction_eligible` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `tax_category` text;