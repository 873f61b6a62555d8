CREATE TABLE "dynamic_page_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dynamic_page_id" uuid NOT NULL,
	"licensee_id" uuid NOT NULL,
	"submitted_by" text,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"review_note" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dynamic_page_revisions_status_check" CHECK ("dynamic_page_revisions"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"subscriber_id" uuid,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_deliveries_campaign_email_unique" UNIQUE("campaign_id","email"),
	CONSTRAINT "newsletter_deliveries_status_check" CHECK ("newsletter_deliveries"."status" in ('pending', 'sent', 'failed', 'bounced')),
	CONSTRAINT "newsletter_deliveries_attempts_non_negative" CHECK ("newsletter_deliveries"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "dynamic_page_revisions" ADD CONSTRAINT "dynamic_page_revisions_dynamic_page_id_dynamic_pages_id_fk" FOREIGN KEY ("dynamic_page_id") REFERENCES "public"."dynamic_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dynamic_page_revisions" ADD CONSTRAINT "dynamic_page_revisions_licensee_id_licensees_id_fk" FOREIGN KEY ("licensee_id") REFERENCES "public"."licensees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dynamic_page_revisions" ADD CONSTRAINT "dynamic_page_revisions_submitted_by_user_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dynamic_page_revisions" ADD CONSTRAINT "dynamic_page_revisions_reviewed_by_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_campaign_id_newsletter_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."newsletter_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dynamic_page_revisions_one_pending_idx" ON "dynamic_page_revisions" USING btree ("dynamic_page_id") WHERE "dynamic_page_revisions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "dynamic_page_revisions_status_created_idx" ON "dynamic_page_revisions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "dynamic_page_revisions_licensee_idx" ON "dynamic_page_revisions" USING btree ("licensee_id");--> statement-breakpoint
CREATE INDEX "newsletter_deliveries_campaign_status_idx" ON "newsletter_deliveries" USING btree ("campaign_id","status");