-- Invoices issued before demo mode existed with no seller MST were demo invoices in all but name
-- (decisions §7): marked so, they stay out of exports and tax-authority messages.
UPDATE `invoices` SET `demo` = 1 WHERE `seller_mst` = '';
--> statement-breakpoint
-- A store without headquarters queued every change for nobody (some 3 rows an invoice). Nothing is queued
-- before HQ is configured now, and `hoadon sync connect` queues the store's history then: the idle rows go.
DELETE FROM `sync_outbox` WHERE NOT EXISTS (
  SELECT 1 FROM `settings` WHERE `name` = 'config' AND json_extract(`value`, '$.headquarters.url') IS NOT NULL
);
--> statement-breakpoint
DELETE FROM `sync_push_acks` WHERE NOT EXISTS (SELECT 1 FROM `sync_outbox`);
