ALTER TABLE "stores" ADD COLUMN "previous_credential_hash" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "previous_credential_until" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "disabled_at" text;