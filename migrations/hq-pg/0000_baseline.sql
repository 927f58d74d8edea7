CREATE TABLE "push_batches" (
	"store_id" text NOT NULL,
	"batch_seq" bigint NOT NULL,
	"answer" text NOT NULL,
	"at" text NOT NULL,
	CONSTRAINT "push_batches_store_id_batch_seq_pk" PRIMARY KEY("store_id","batch_seq")
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"credential_hash" text NOT NULL,
	"created_at" text NOT NULL,
	"last_push_at" text,
	"last_pull_at" text,
	"applied_through_seq" bigint DEFAULT 0 NOT NULL,
	"pull_cursor" bigint DEFAULT 0 NOT NULL,
	"invoice_count" bigint DEFAULT 0 NOT NULL,
	"reported_version" text,
	"reported_pending" integer
);
--> statement-breakpoint
CREATE TABLE "hlc_clock" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_hlc" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"row_no" bigint GENERATED ALWAYS AS IDENTITY (sequence name "invoices_row_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"store_id" text NOT NULL,
	"invoice_id" text NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"mau_so" text NOT NULL,
	"ky_hieu" text NOT NULL,
	"number" bigint NOT NULL,
	"issue_date" text NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_mst" text,
	"total" bigint NOT NULL,
	"created_at" text NOT NULL,
	"received_seq" bigint NOT NULL,
	CONSTRAINT "invoices_store_id_invoice_id_pk" PRIMARY KEY("store_id","invoice_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"sku" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"unit" text,
	"unit_price" double precision NOT NULL,
	"tax_rate" double precision NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "records" (
	"store_id" text NOT NULL,
	"record_id" text NOT NULL,
	"version" integer NOT NULL,
	"kind" text NOT NULL,
	"seq" bigint NOT NULL,
	"at" text NOT NULL,
	"payload" text NOT NULL,
	"received_at" text NOT NULL,
	CONSTRAINT "records_store_id_record_id_version_pk" PRIMARY KEY("store_id","record_id","version")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"store_id" text NOT NULL,
	"name" text NOT NULL,
	"document" text NOT NULL,
	"hlc" text NOT NULL,
	"origin" text NOT NULL,
	"updated_at" text NOT NULL,
	CONSTRAINT "settings_store_id_name_pk" PRIMARY KEY("store_id","name")
);
--> statement-breakpoint
CREATE TABLE "settings_losers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "settings_losers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"store_id" text NOT NULL,
	"name" text NOT NULL,
	"document" text NOT NULL,
	"hlc" text NOT NULL,
	"origin" text NOT NULL,
	"lost_to_hlc" text NOT NULL,
	"at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed" (
	"cursor" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feed_cursor_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"store_id" text,
	"kind" text NOT NULL,
	"payload" text NOT NULL,
	"at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mst_registry" (
	"mst" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"first_store_id" text NOT NULL,
	"created_at" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_batches" ADD CONSTRAINT "push_batches_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings_losers" ADD CONSTRAINT "settings_losers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed" ADD CONSTRAINT "feed_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mst_registry" ADD CONSTRAINT "mst_registry_first_store_id_stores_id_fk" FOREIGN KEY ("first_store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_batches_at" ON "push_batches" USING btree ("at");--> statement-breakpoint
CREATE INDEX "invoices_issue_date" ON "invoices" USING btree ("issue_date","created_at","row_no");--> statement-breakpoint
CREATE INDEX "invoices_store_issue_date" ON "invoices" USING btree ("store_id","issue_date","created_at","row_no");--> statement-breakpoint
CREATE INDEX "invoices_status_issue_date" ON "invoices" USING btree ("status","issue_date","created_at","row_no");--> statement-breakpoint
CREATE INDEX "invoices_store_status_issue_date" ON "invoices" USING btree ("store_id","status","issue_date","created_at","row_no");--> statement-breakpoint
CREATE INDEX "settings_losers_store" ON "settings_losers" USING btree ("store_id","id");--> statement-breakpoint
CREATE INDEX "feed_store_cursor" ON "feed" USING btree ("store_id","cursor");--> statement-breakpoint
CREATE INDEX "feed_everyone_cursor" ON "feed" USING btree ("cursor") WHERE "feed"."store_id" IS NULL;