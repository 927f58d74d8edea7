CREATE TABLE "invoice_lookups" (
	"store_id" text NOT NULL,
	"invoice_id" text NOT NULL,
	"lookup_code" text NOT NULL,
	"seller_mst" text NOT NULL,
	"mau_so" text NOT NULL,
	"ky_hieu" text NOT NULL,
	"number" integer NOT NULL,
	"total" bigint NOT NULL,
	"demo" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_lookups_store_id_invoice_id_pk" PRIMARY KEY("store_id","invoice_id")
);
--> statement-breakpoint
ALTER TABLE "invoice_lookups" ADD CONSTRAINT "invoice_lookups_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_lookups_code" ON "invoice_lookups" USING btree ("lookup_code");--> statement-breakpoint
CREATE INDEX "invoice_lookups_symbol" ON "invoice_lookups" USING btree ("ky_hieu","number");--> statement-breakpoint
-- The invoices HQ held before: their lookup rows from the newest version's record, as a push would have written them.
INSERT INTO "invoice_lookups" ("store_id", "invoice_id", "lookup_code", "seller_mst", "mau_so", "ky_hieu", "number", "total", "demo")
SELECT i."store_id", i."invoice_id", r."payload"::jsonb->>'lookupCode',
  replace(r."payload"::jsonb->'seller'->>'mst', '-', ''), i."mau_so", i."ky_hieu", i."number", i."total",
  CASE WHEN r."payload"::jsonb->>'demo' = 'true' THEN 1 ELSE 0 END
FROM "invoices" i JOIN "records" r
  ON r."store_id" = i."store_id" AND r."record_id" = 'invoice:' || i."invoice_id" AND r."version" = i."version"
WHERE r."payload"::jsonb->>'lookupCode' IS NOT NULL AND r."payload"::jsonb->'seller'->>'mst' IS NOT NULL;
