-- The buyer name search moves from a trigram index of every invoice (0015, 0020) to one of the names
-- (`buyer_names`, 0025): "nguyen van an" at 1 M invoices read lists of a million entries for its common
-- trigrams, 4.9 ms, to find 9,786 invoices under 834 names; in 50,000 names it is a phrase of their trigrams.
-- The names are filled from the invoices, newest-used last, all already indexed.
INSERT INTO `buyer_names` (`name_key`, `invoice_count`, `last_created_at`, `indexed`)
SELECT `buyer_name_key`, count(*), max(`created_at`), 1 FROM `invoices` GROUP BY `buyer_name_key` ORDER BY max(`created_at`);
--> statement-breakpoint
-- External content: the names are stored once, in `buyer_names`, which a phrase match needs no row of.
CREATE VIRTUAL TABLE `buyer_name_search` USING fts5(
  `name_key`, content = 'buyer_names', content_rowid = 'id', tokenize = 'trigram'
);
--> statement-breakpoint
INSERT INTO `buyer_name_search` (`buyer_name_search`) VALUES ('rebuild');
--> statement-breakpoint
-- A name's first invoice adds it with `indexed = 0`; the index job adds such names to `buyer_name_search` in
-- batches (one name a transaction made FTS5 write a segment each: see 0015). The name key of an invoice
-- never changes, so the count and the newest instant are all an insert moves.
DROP TRIGGER `invoices_buyer_search_insert`;
--> statement-breakpoint
CREATE TRIGGER `invoices_buyer_names_insert` AFTER INSERT ON `invoices` BEGIN
  INSERT INTO `buyer_names` (`name_key`, `invoice_count`, `last_created_at`) VALUES (new.`buyer_name_key`, 1, new.`created_at`)
  ON CONFLICT (`name_key`) DO UPDATE SET `invoice_count` = `invoice_count` + 1, `last_created_at` = max(`last_created_at`, excluded.`last_created_at`);
END;
--> statement-breakpoint
DROP TABLE `invoice_buyer_search_backlog`;
--> statement-breakpoint
DROP TABLE `invoice_buyer_search`;
