CREATE TABLE "license_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reservation_id" uuid NOT NULL,
	"state" text DEFAULT 'held' NOT NULL,
	"license_id" uuid,
	"agreement_id" uuid,
	"price_override" jsonb,
	"checkout_session_id" text,
	"paid_cents" integer,
	"approved_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "license_orders_state_check" CHECK ("license_orders"."state" in ('held', 'approved', 'signed', 'paid', 'active', 'expired', 'abandoned', 'cancelled')),
	CONSTRAINT "license_orders_paid_cents_non_negative" CHECK ("license_orders"."paid_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "territory_licenses" DROP CONSTRAINT "territory_licenses_status_check";--> statement-breakpoint
ALTER TABLE "territory_licenses" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "territory_licenses" ADD COLUMN "stripe_subscription_id" text;--> statement-breakpoint
ALTER TABLE "license_orders" ADD CONSTRAINT "license_orders_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_orders" ADD CONSTRAINT "license_orders_license_id_territory_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."territory_licenses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_orders" ADD CONSTRAINT "license_orders_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "license_orders_reservation_unique" ON "license_orders" USING btree ("reservation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "license_orders_checkout_session_unique" ON "license_orders" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE INDEX "license_orders_license_idx" ON "license_orders" USING btree ("license_id");--> statement-breakpoint
CREATE INDEX "license_orders_agreement_idx" ON "license_orders" USING btree ("agreement_id");--> statement-breakpoint
ALTER TABLE "territory_licenses" ADD CONSTRAINT "territory_licenses_status_check" CHECK ("territory_licenses"."status" in ('pending', 'active', 'expired', 'cancelled'));--> statement-breakpoint
INSERT INTO "license_orders" ("reservation_id", "state") SELECT "id", 'held' FROM "reservations" WHERE "status" = 'active';
