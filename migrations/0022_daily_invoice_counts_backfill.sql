-- Fills the daily invoice counts from the hourly ones. Also run by rebuildRollups() (src/rollups), after
-- 0017 has refilled the hourly counts, so it first empties them and can run again.
DELETE FROM `daily_invoice_counts`;
--> statement-breakpoint
INSERT INTO `daily_invoice_counts` (`day`, `status`, `count`)
SELECT substr(`hour`, 1, 10), `status`, sum(`count`) FROM `hourly_invoice_counts` GROUP BY substr(`hour`, 1, 10), `status`;
