-- Fills the per customer, month and channel rollup from the invoices: those counting as revenue (decisions §5,
-- src/rollups/revenue.ts), by month of issue. Also run by rebuildRollups() (src/rollups), so it first empties
-- it and can run again.
DELETE FROM `monthly_customer_channel_sales`;
--> statement-breakpoint
INSERT INTO `monthly_customer_channel_sales` (`customer_id`, `month`, `channel`, `invoice_count`, `revenue`)
SELECT `customer_id`, substr(`issue_date`, 1, 7), `channel`, count(*), sum(`total`) FROM `invoices`
WHERE `status` IN ('issued', 'adjusted') AND `customer_id` IS NOT NULL
GROUP BY `customer_id`, substr(`issue_date`, 1, 7), `channel`;
