CREATE TABLE "license_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"license_id" uuid NOT NULL,
	"stripe_invoice_id" text NOT NULL,
	"billing_reason" text,
	"status" text NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"amount_due_cents" integer NOT NULL,
	"amount_paid_cents" integer DEFAULT 0 NOT NULL,
	"amount_refunded_cents" integer DEFAULT 0 NOT NULL,
	"hosted_invoice_url" text,
	"invoice_pdf_url" text,
	"payment_intent_id" text,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "license_invoices_status_check" CHECK ("license_invoices"."status" in ('open', 'paid', 'failed', 'action_required', 'void')),
	CONSTRAINT "license_invoices_amount_due_cents_non_negative" CHECK ("license_invoices"."amount_due_cents" >= 0),
	CONSTRAINT "license_invoices_amount_paid_cents_non_negative" CHECK ("license_invoices"."amount_paid_cents" >= 0),
	CONSTRAINT "license_invoices_amount_refunded_cents_non_negative" CHECK ("license_invoices"."amount_refunded_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "license_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"license_id" uuid NOT NULL,
	"invoice_id" uuid,
	"stripe_refund_id" text NOT NULL,
	"payment_intent_id" text,
	"amount_cents" integer NOT NULL,
	"kind" text DEFAULT 'other' NOT NULL,
	"reason" text,
	"requested_by" text,
	"refunded_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "license_refunds_amount_positive_check" CHECK ("license_refunds"."amount_cents" > 0),
	CONSTRAINT "license_refunds_kind_check" CHECK ("license_refunds"."kind" in ('deposit', 'other'))
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text DEFAULT 'stripe' NOT NULL,
	"type" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "territory_licenses" DROP CONSTRAINT "territory_licenses_status_check";--> statement-breakpoint
DROP INDEX "territory_licenses_one_active_unique";--> statement-breakpoint
DROP INDEX "territory_licenses_one_active_vanity_unique";--> statement-breakpoint
ALTER TABLE "licensees" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "licensees" ADD COLUMN "saved_payment_method_id" text;--> statement-breakpoint
ALTER TABLE "licensees" ADD COLUMN "saved_card_label" text;--> statement-breakpoint
ALTER TABLE "licensees" ADD COLUMN "auto_recharge_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "licensees" ADD COLUMN "auto_recharge_threshold_cents" integer;--> statement-breakpoint
ALTER TABLE "licensees" ADD COLUMN "auto_recharge_amount_cents" integer;--> statement-breakpoint
ALTER TABLE "licensees" ADD COLUMN "auto_recharge_pending_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "licensees" ADD COLUMN "auto_recharge_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "licensees" ADD COLUMN "auto_recharge_off_reason" text;--> statement-breakpoint
ALTER TABLE "territory_licenses" ADD COLUMN "subscription_amount_cents" integer;--> statement-breakpoint
ALTER TABLE "territory_licenses" ADD COLUMN "current_period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "territory_licenses" ADD COLUMN "cancel_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "territory_licenses" ADD COLUMN "payment_overdue_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "territory_licenses" ADD COLUMN "overdue_invoice_id" text;--> statement-breakpoint
ALTER TABLE "territory_licenses" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "territory_licenses" ADD COLUMN "end_reason" text;--> statement-breakpoint
ALTER TABLE "territory_licenses" ADD COLUMN "subscription_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "license_invoices" ADD CONSTRAINT "license_invoices_license_id_territory_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."territory_licenses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_refunds" ADD CONSTRAINT "license_refunds_license_id_territory_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."territory_licenses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_refunds" ADD CONSTRAINT "license_refunds_invoice_id_license_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."license_invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_refunds" ADD CONSTRAINT "license_refunds_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "license_invoices_stripe_invoice_unique" ON "license_invoices" USING btree ("stripe_invoice_id");--> statement-breakpoint
CREATE INDEX "license_invoices_license_idx" ON "license_invoices" USING btree ("license_id","issued_at");--> statement-breakpoint
CREATE INDEX "license_invoices_paid_idx" ON "license_invoices" USING btree ("status","paid_at");--> statement-breakpoint
CREATE INDEX "license_invoices_payment_intent_idx" ON "license_invoices" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "license_refunds_stripe_refund_unique" ON "license_refunds" USING btree ("stripe_refund_id");--> statement-breakpoint
CREATE INDEX "license_refunds_license_idx" ON "license_refunds" USING btree ("license_id","refunded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "territory_licenses_subscription_unique" ON "territory_licenses" USING btree ("stripe_subscription_id");--> statement-breakpoint
CREATE INDEX "territory_licenses_overdue_idx" ON "territory_licenses" USING btree ("payment_overdue_since");--> statement-breakpoint
CREATE INDEX "territory_licenses_cancel_at_idx" ON "territory_licenses" USING btree ("cancel_at");--> statement-breakpoint
CREATE UNIQUE INDEX "territory_licenses_one_active_unique" ON "territory_licenses" USING btree ("territory_id","category_id") WHERE "territory_licenses"."status" in ('active', 'suspended');--> statement-breakpoint
CREATE UNIQUE INDEX "territory_licenses_one_active_vanity_unique" ON "territory_licenses" USING btree ("territory_id","vanity_number_id") WHERE "territory_licenses"."status" in ('active', 'suspended');--> statement-breakpoint
ALTER TABLE "licensees" ADD CONSTRAINT "licensees_auto_recharge_check" CHECK (not "licensees"."auto_recharge_enabled" or ("licensees"."auto_recharge_threshold_cents" >= 0 and "licensees"."auto_recharge_amount_cents" > 0 and "licensees"."saved_payment_method_id" is not null));--> statement-breakpoint
ALTER TABLE "territory_licenses" ADD CONSTRAINT "territory_licenses_status_check" CHECK ("territory_licenses"."status" in ('pending', 'active', 'suspended', 'expired', 'cancelled', 'ended'));--> statement-breakpoint
UPDATE "territory_licenses" SET "subscription_amount_cents" = "monthly_fee_cents" WHERE "stripe_subscription_id" IS NOT NULL;