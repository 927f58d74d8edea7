CREATE TABLE `signing_certificates` (
	`fingerprint` text PRIMARY KEY NOT NULL,
	`serial` text NOT NULL,
	`subject` text NOT NULL,
	`issuer` text NOT NULL,
	`not_before` text NOT NULL,
	`not_after` text NOT NULL,
	`source` text NOT NULL,
	`trusted` integer NOT NULL,
	`pem` text NOT NULL,
	`added_at` text NOT NULL
);
