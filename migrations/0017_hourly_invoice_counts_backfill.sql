-- Fills the hourly invoice counts from the invoices. Also run by rebuildRollups() (src/rollups), so it first
-- empties them and can run again. `created_at` is an ISO instant in UTC: its first 13 characters are the hour.
DELETE FROM `hourly_invoice_counts`;
--> statement-breakpoint
INSERT INTO `hourly_invoice_counts` (`hour`, `status`, `count`)
SELECT substr(`created_at`, 1, 13), `status`, count(*) FROM `invoices` GROUP BY substr(`created_at`, 1, 13), `status`;
