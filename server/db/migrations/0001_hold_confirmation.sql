ALTER TABLE "reservations" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "requester_ip" text;--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_confirm_token_unique" ON "reservations" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "reservations_requester_ip_idx" ON "reservations" USING btree ("requester_ip","created_at");--> statement-breakpoint
-- Holds placed before confirmation existed ran the full term: they count as confirmed.
UPDATE "reservations" SET "confirmed_at" = "created_at" WHERE "confirmed_at" IS NULL;
