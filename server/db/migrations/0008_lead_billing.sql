CREATE TABLE "lead_cap_notices" (
	"page_id" uuid NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_cap_notices_page_day_unique" UNIQUE("page_id","day")
);
--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "page_id" uuid;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "email_key" text;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "phone_key" text;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "billing" text;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "billed_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "spam_reason" text;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "dispute_status" text;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "dispute_reason" text;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "dispute_note" text;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "dispute_resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "dispute_resolved_by" text;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_dispute_resolved_by_user_id_fk" FOREIGN KEY ("dispute_resolved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_submissions_page_created_idx" ON "form_submissions" USING btree ("page_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "form_submissions_idempotency_unique" ON "form_submissions" USING btree ("page_id","email_key","idempotency_key");--> statement-breakpoint
CREATE INDEX "form_submissions_dispute_idx" ON "form_submissions" USING btree ("dispute_status");--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_billing_check" CHECK ("form_submissions"."billing" in ('billed', 'repeat', 'over_cap', 'spam', 'free'));--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_dispute_status_check" CHECK ("form_submissions"."dispute_status" in ('open', 'accepted', 'declined'));--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_billed_cents_non_negative" CHECK ("form_submissions"."billed_cents" >= 0);