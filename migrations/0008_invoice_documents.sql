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
-- Every invoice issued before signed documents were stored waits to be frozen, once, at the next start:
-- from the message that carried it when one is stored, else signed with the current key (docs/invoices.md).
INSERT INTO `invoice_documents` (`invoice_id`, `origin`) SELECT `id`, 'upgrade' FROM `invoices`;
