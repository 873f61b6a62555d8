CREATE TABLE "territory_vanity_numbers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"territory_id" uuid NOT NULL,
	"vanity_number_id" uuid NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "territory_vanity_numbers_territory_vanity_unique" UNIQUE("territory_id","vanity_number_id"),
	CONSTRAINT "territory_vanity_numbers_status_check" CHECK ("territory_vanity_numbers"."status" in ('available', 'negotiations', 'licensed'))
);
--> statement-breakpoint
ALTER TABLE "reservations" ALTER COLUMN "category_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "territory_licenses" ALTER COLUMN "category_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ALTER COLUMN "category_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "vanity_number_id" uuid;--> statement-breakpoint
ALTER TABLE "territory_licenses" ADD COLUMN "vanity_number_id" uuid;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "vanity_number_id" uuid;--> statement-breakpoint
ALTER TABLE "territory_vanity_numbers" ADD CONSTRAINT "territory_vanity_numbers_territory_id_territories_id_fk" FOREIGN KEY ("territory_id") REFERENCES "public"."territories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territory_vanity_numbers" ADD CONSTRAINT "territory_vanity_numbers_vanity_number_id_vanity_numbers_id_fk" FOREIGN KEY ("vanity_number_id") REFERENCES "public"."vanity_numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "territory_vanity_numbers_vanity_idx" ON "territory_vanity_numbers" USING btree ("vanity_number_id");--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_vanity_number_id_vanity_numbers_id_fk" FOREIGN KEY ("vanity_number_id") REFERENCES "public"."vanity_numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territory_licenses" ADD CONSTRAINT "territory_licenses_vanity_number_id_vanity_numbers_id_fk" FOREIGN KEY ("vanity_number_id") REFERENCES "public"."vanity_numbers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_vanity_number_id_vanity_numbers_id_fk" FOREIGN KEY ("vanity_number_id") REFERENCES "public"."vanity_numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_one_active_vanity_unique" ON "reservations" USING btree ("territory_id","vanity_number_id") WHERE "reservations"."status" = 'active';--> statement-breakpoint
CREATE INDEX "reservations_vanity_idx" ON "reservations" USING btree ("vanity_number_id");--> statement-breakpoint
CREATE UNIQUE INDEX "territory_licenses_one_active_vanity_unique" ON "territory_licenses" USING btree ("territory_id","vanity_number_id") WHERE "territory_licenses"."status" = 'active';--> statement-breakpoint
CREATE INDEX "territory_licenses_vanity_idx" ON "territory_licenses" USING btree ("vanity_number_id");--> statement-breakpoint
CREATE INDEX "waitlist_entries_vanity_idx" ON "waitlist_entries" USING btree ("vanity_number_id");--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_territory_vanity_email_unique" UNIQUE("territory_id","vanity_number_id","email");--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_one_offering_check" CHECK (num_nonnulls("reservations"."category_id", "reservations"."vanity_number_id") = 1);--> statement-breakpoint
ALTER TABLE "territory_licenses" ADD CONSTRAINT "territory_licenses_one_offering_check" CHECK (num_nonnulls("territory_licenses"."category_id", "territory_licenses"."vanity_number_id") = 1);--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_one_offering_check" CHECK (num_nonnulls("waitlist_entries"."category_id", "waitlist_entries"."vanity_number_id") = 1);