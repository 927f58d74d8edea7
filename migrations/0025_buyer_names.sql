-- Every buyer name key once (src/invoices/invoices.table.ts), and the invoices' index by name key: a buyer name
-- search finds the few thousand names in a trigram index of their own (0026) where the trigram index of every
-- invoice read lists a million entries long, then pages their invoices by this index. Filled by 0026.
CREATE TABLE `buyer_names` (
	`id` integer PRIMARY KEY NOT NULL,
	`name_key` text NOT NULL,
	`invoice_count` integer NOT NULL,
	`last_created_at` text NOT NULL,
	`indexed` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `buyer_names_name_key_unique` ON `buyer_names` (`name_key`);--> statement-breakpoint
CREATE INDEX `buyer_names_to_index` ON `buyer_names` (`id`) WHERE "buyer_names"."indexed" = 0;--> statement-breakpoint
CREATE INDEX `invoices_buyer_name_key_created_at` ON `invoices` (`buyer_name_key`,`created_at`);