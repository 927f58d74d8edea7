-- Fills the per customer and channel rollup from the invoices: those counting as revenue (decisions §5,
-- src/rollups/revenue.ts). Also run by rebuildRollups() (src/rollups), so it first empties it and can run again.
DELETE FROM `customer_channel_sales`;
--> statement-breakpoint
INSERT INTO `customer_channel_sales` (`customer_id`, `channel`, `invoice_count`, `revenue`)
SELECT `customer_id`, `channel`, count(*), sum(`total`) FROM `invoices`
WHERE `status` IN ('issued', 'adjusted') AND `customer_id` IS NOT NULL
GROUP BY `customer_id`, `channel`;
