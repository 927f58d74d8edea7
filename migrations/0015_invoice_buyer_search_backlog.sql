-- A row added to the trigram index inside the cashier's transaction cost far more than the invoice itself
-- at a million invoices (FTS5 writes a segment per transaction and merges segments as they pile up: 0.1–0.9 ms
-- an invoice, with seconds-long merges now and then). A new invoice's buyer name now waits in this backlog,
-- written in the same transaction, and a background job moves the backlog into the index in batches (about
-- 8 µs a name). A search reads the backlog too (a short scan), so an invoice is found from its first moment.
-- `seq` is an INTEGER PRIMARY KEY: insertion order, which is the order names enter the index, so the index's
-- rowid keeps meaning "newer".
CREATE TABLE `invoice_buyer_search_backlog` (
	`seq` integer PRIMARY KEY,
	`invoice_id` text NOT NULL,
	`name_key` text NOT NULL
);
--> statement-breakpoint
DROP TRIGGER `invoices_buyer_search_insert`;
--> statement-breakpoint
CREATE TRIGGER `invoices_buyer_search_insert` AFTER INSERT ON `invoices` BEGIN
  INSERT INTO `invoice_buyer_search_backlog` (`invoice_id`, `name_key`) VALUES (new.`id`, new.`buyer_name_key`);
END;
