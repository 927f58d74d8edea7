CREATE TABLE `invoice_documents` (
	`invoice_id` text PRIMARY KEY NOT NULL,
	`xml` text,
	`signed_at` text,
	`certificate_subject` text,
	`certificate_serial` text,
	`origin` text,
	`last_error` text,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `invoice_documents_waiting` ON `invoice_documents` (`invoice_id`) WHERE "invoice_documents"."xml" IS NULL;--> statement-breakpoint
CREATE TABLE `rollup_demo_scope` (
	`id` integer PRIMARY KEY NOT NULL,
	`includes_demo` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `invoices_demo_status` ON `invoices` (`status`) WHERE "invoices"."demo" = 1;--> statement-breakpoint
-- Every invoice issued before signed documents were stored waits to be frozen, once, at the next start:
-- from the message that carried it when one is stored, else signed with the current key (docs/invoices.md).
INSERT INTO `invoice_documents` (`invoice_id`, `origin`) SELECT `id`, 'upgrade' FROM `invoices`;--> statement-breakpoint
-- The sales rollups of earlier versions counted demo invoices; a live node rebuilds them without (src/rollups/demo-scope.ts).
INSERT INTO `rollup_demo_scope` (`id`, `includes_demo`) VALUES (1, 1);
