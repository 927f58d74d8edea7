ALTER TABLE "stores" ADD COLUMN "applied_cursor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "feed_store_kind_cursor" ON "feed" USING btree ("store_id","kind","cursor");--> statement-breakpoint
-- Back-fill: the flag from the record each projected invoice was made of (its payload's `demo`).
UPDATE "invoices" i SET "demo" = true FROM "records" r WHERE r."store_id" = i."store_id"
  AND r."record_id" = 'invoice:' || i."invoice_id" AND r."version" = i."version"
  AND (r."payload"::jsonb ->> 'demo') = 'true';
