-- The buyer name search finds names by the suffixes of their keys instead of a trigram index: a key is a
-- substring of a name exactly when it starts one of the name's suffixes, so the names holding it are one
-- range of this table's primary key, as long as the names found. A phrase of trigrams read the trigrams'
-- whole lists: "nguyen van an" (834 of 50,000 names) read tens of thousands of entries of "ngu", "an " …
-- Suffixes start at every character but a space (a search key is trimmed). The index job adds a new name's
-- suffixes in batches, as it added the name to the trigram index (`indexed`).
CREATE TABLE `buyer_name_suffixes` (
	`suffix` text NOT NULL,
	`name_id` integer NOT NULL,
	PRIMARY KEY (`suffix`, `name_id`)
) WITHOUT ROWID;
--> statement-breakpoint
WITH RECURSIVE `positions`(`i`) AS (
  SELECT 1 UNION ALL SELECT `i` + 1 FROM `positions` WHERE `i` < (SELECT max(length(`name_key`)) FROM `buyer_names`)
)
INSERT INTO `buyer_name_suffixes` (`suffix`, `name_id`)
SELECT substr(n.`name_key`, p.`i`), n.`id` FROM `buyer_names` n JOIN `positions` p ON p.`i` <= length(n.`name_key`)
WHERE n.`indexed` = 1 AND substr(n.`name_key`, p.`i`, 1) <> ' ';
--> statement-breakpoint
DROP TABLE `buyer_name_search`;
