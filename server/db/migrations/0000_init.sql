CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp,
	"refresh_token_expires_at" timestamp,
	"scope" text,
	"password" text,
	"created_at" timestamp DEFAULT now() NOT NULL,
	"updated_at" timestamp NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limit_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp DEFAULT now() NOT NULL,
	"updated_at" timestamp NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	"impersonated_by" text,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "two_factor" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL,
	"verified" boolean DEFAULT true,
	"failed_verification_count" integer DEFAULT 0,
	"locked_until" timestamp
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp DEFAULT now() NOT NULL,
	"updated_at" timestamp DEFAULT now() NOT NULL,
	"role" text,
	"banned" boolean DEFAULT false,
	"ban_reason" text,
	"ban_expires" timestamp,
	"two_factor_enabled" boolean DEFAULT false,
	"company_name" text,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp NOT NULL,
	"created_at" timestamp DEFAULT now() NOT NULL,
	"updated_at" timestamp DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"fee_percentage_of_base" numeric(7, 2),
	"category_type" text DEFAULT 'standard' NOT NULL,
	"keyword_base_multiplier" numeric(10, 4),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_name_unique" UNIQUE("name"),
	CONSTRAINT "categories_slug_unique" UNIQUE("slug"),
	CONSTRAINT "categories_slug_check" CHECK ("categories"."slug" ~ '^[a-z0-9-]+$'),
	CONSTRAINT "categories_category_type_check" CHECK ("categories"."category_type" in ('standard', 'keyword_group')),
	CONSTRAINT "categories_pound_code_name_check" CHECK ("categories"."category_type" <> 'standard' or "categories"."name" like '#%'),
	CONSTRAINT "categories_keyword_multiplier_check" CHECK ("categories"."category_type" = 'keyword_group' or "categories"."keyword_base_multiplier" is null),
	CONSTRAINT "categories_fee_percentage_of_base_non_negative" CHECK ("categories"."fee_percentage_of_base" >= 0),
	CONSTRAINT "categories_keyword_base_multiplier_non_negative" CHECK ("categories"."keyword_base_multiplier" >= 0)
);
--> statement-breakpoint
CREATE TABLE "featured_numbers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number_text" text NOT NULL,
	"description" text,
	"number_id_link" text,
	"type" text NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "featured_numbers_type_check" CHECK ("featured_numbers"."type" in ('poundcode', 'vanity'))
);
--> statement-breakpoint
CREATE TABLE "special_pricing_keywords" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"keyword_text" text NOT NULL,
	"multiplier" numeric(10, 4) DEFAULT 1 NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "special_pricing_keywords_keyword_text_unique" UNIQUE("keyword_text"),
	CONSTRAINT "special_pricing_keywords_multiplier_non_negative" CHECK ("special_pricing_keywords"."multiplier" >= 0)
);
--> statement-breakpoint
CREATE TABLE "territories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"portion" text,
	"slug" text NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"area_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"population" integer DEFAULT 0 NOT NULL,
	"base_monthly_fee_cents" integer DEFAULT 0 NOT NULL,
	"base_setup_fee_cents" integer DEFAULT 0 NOT NULL,
	"full_state_monthly_fee_cents" integer,
	"full_state_setup_fee_cents" integer,
	"minimum_monthly_fee_cents" integer DEFAULT 9500 NOT NULL,
	"pound_help_monthly_fee_cents" integer,
	"pound_law_monthly_fee_cents" integer,
	"pound_easy_monthly_fee_cents" integer,
	"pound_ssdi_monthly_fee_cents" integer,
	"minutes_multiplier" numeric(10, 4) DEFAULT 1 NOT NULL,
	"sms_multiplier" numeric(10, 4) DEFAULT 1 NOT NULL,
	"web_form_lead_multiplier" numeric(10, 4) DEFAULT 1 NOT NULL,
	"click_to_call_lead_multiplier" numeric(10, 4) DEFAULT 1 NOT NULL,
	"click_to_message_lead_multiplier" numeric(10, 4) DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "territories_slug_unique" UNIQUE("slug"),
	CONSTRAINT "territories_state_portion_unique" UNIQUE NULLS NOT DISTINCT("state","portion"),
	CONSTRAINT "territories_status_check" CHECK ("territories"."status" in ('available', 'active', 'inactive', 'licensed', 'negotiations', 'partial')),
	CONSTRAINT "territories_portion_check" CHECK ("territories"."portion" in ('N', 'C', 'S', 'E', 'W')),
	CONSTRAINT "territories_state_check" CHECK ("territories"."state" ~ '^[A-Z]{2}$'),
	CONSTRAINT "territories_population_non_negative" CHECK ("territories"."population" >= 0),
	CONSTRAINT "territories_base_monthly_fee_cents_non_negative" CHECK ("territories"."base_monthly_fee_cents" >= 0),
	CONSTRAINT "territories_base_setup_fee_cents_non_negative" CHECK ("territories"."base_setup_fee_cents" >= 0),
	CONSTRAINT "territories_full_state_monthly_fee_cents_non_negative" CHECK ("territories"."full_state_monthly_fee_cents" >= 0),
	CONSTRAINT "territories_full_state_setup_fee_cents_non_negative" CHECK ("territories"."full_state_setup_fee_cents" >= 0),
	CONSTRAINT "territories_minimum_monthly_fee_cents_non_negative" CHECK ("territories"."minimum_monthly_fee_cents" >= 0),
	CONSTRAINT "territories_pound_help_monthly_fee_cents_non_negative" CHECK ("territories"."pound_help_monthly_fee_cents" >= 0),
	CONSTRAINT "territories_pound_law_monthly_fee_cents_non_negative" CHECK ("territories"."pound_law_monthly_fee_cents" >= 0),
	CONSTRAINT "territories_pound_easy_monthly_fee_cents_non_negative" CHECK ("territories"."pound_easy_monthly_fee_cents" >= 0),
	CONSTRAINT "territories_pound_ssdi_monthly_fee_cents_non_negative" CHECK ("territories"."pound_ssdi_monthly_fee_cents" >= 0),
	CONSTRAINT "territories_minutes_multiplier_non_negative" CHECK ("territories"."minutes_multiplier" >= 0),
	CONSTRAINT "territories_sms_multiplier_non_negative" CHECK ("territories"."sms_multiplier" >= 0),
	CONSTRAINT "territories_web_form_lead_multiplier_non_negative" CHECK ("territories"."web_form_lead_multiplier" >= 0),
	CONSTRAINT "territories_click_to_call_lead_multiplier_non_negative" CHECK ("territories"."click_to_call_lead_multiplier" >= 0),
	CONSTRAINT "territories_click_to_message_lead_multiplier_non_negative" CHECK ("territories"."click_to_message_lead_multiplier" >= 0)
);
--> statement-breakpoint
CREATE TABLE "territory_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"territory_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "territory_categories_territory_category_unique" UNIQUE("territory_id","category_id"),
	CONSTRAINT "territory_categories_status_check" CHECK ("territory_categories"."status" in ('available', 'negotiations', 'licensed'))
);
--> statement-breakpoint
CREATE TABLE "vanity_numbers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number_text" text NOT NULL,
	"slug" text NOT NULL,
	"name" text,
	"description" text,
	"status" text DEFAULT 'available' NOT NULL,
	"associated_pound_code" text,
	"monthly_fee_cents" integer,
	"setup_fee_cents" integer,
	"licensee_id" uuid,
	"territory_id" uuid,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vanity_numbers_number_text_unique" UNIQUE("number_text"),
	CONSTRAINT "vanity_numbers_slug_unique" UNIQUE("slug"),
	CONSTRAINT "vanity_numbers_status_check" CHECK ("vanity_numbers"."status" in ('available', 'licensed', 'pending', 'reserved')),
	CONSTRAINT "vanity_numbers_monthly_fee_cents_non_negative" CHECK ("vanity_numbers"."monthly_fee_cents" >= 0),
	CONSTRAINT "vanity_numbers_setup_fee_cents_non_negative" CHECK ("vanity_numbers"."setup_fee_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"excerpt" text,
	"image_url" text,
	"author_name" text,
	"author_id" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_posts_slug_unique" UNIQUE("slug"),
	CONSTRAINT "blog_posts_status_check" CHECK ("blog_posts"."status" in ('draft', 'published')),
	CONSTRAINT "blog_posts_slug_check" CHECK ("blog_posts"."slug" ~ '^[a-z0-9-]+$'),
	CONSTRAINT "blog_posts_published_at_check" CHECK (("blog_posts"."status" = 'published') = ("blog_posts"."published_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "dynamic_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pound_code" text NOT NULL,
	"territory_id" uuid NOT NULL,
	"licensee_id" uuid,
	"page_title" text,
	"company_description" text,
	"business_name_on_page" text,
	"services" text[] DEFAULT '{}'::text[] NOT NULL,
	"attorney_directory_url" text,
	"areas_of_law" text[] DEFAULT '{}'::text[] NOT NULL,
	"office_locations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"partners_info" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"law_firm_highlights" text,
	"years_in_business" integer,
	"law_firm_logo_url" text,
	"testimonial_link" text,
	"social_media_links" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"contact_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dynamic_pages_pound_code_territory_unique" UNIQUE("pound_code","territory_id"),
	CONSTRAINT "dynamic_pages_years_in_business_check" CHECK ("dynamic_pages"."years_in_business" >= 0)
);
--> statement-breakpoint
CREATE TABLE "editable_content" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content_key" text NOT NULL,
	"content_value" text NOT NULL,
	"page_slug" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "editable_content_content_key_unique" UNIQUE("content_key"),
	CONSTRAINT "editable_content_content_key_check" CHECK ("editable_content"."content_key" ~ '^[a-z0-9_]+$')
);
--> statement-breakpoint
CREATE TABLE "faq_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"category" text,
	"is_published" boolean DEFAULT true NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_topics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"category" text,
	"summary" text,
	"content" text DEFAULT '' NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_topics_slug_unique" UNIQUE("slug"),
	CONSTRAINT "support_topics_slug_check" CHECK ("support_topics"."slug" ~ '^[a-z0-9-]+$')
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text,
	"email" text NOT NULL,
	"phone" text,
	"company" text,
	"message" text,
	"source" text DEFAULT 'manual_entry' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"notes" text,
	"follow_up_date" date,
	"territory_id" uuid,
	"category_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_status_check" CHECK ("contacts"."status" in ('new', 'contacted', 'qualified', 'proposal', 'negotiation', 'closed_won', 'closed_lost', 'on_hold'))
);
--> statement-breakpoint
CREATE TABLE "form_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"licensee_id" uuid NOT NULL,
	"form_type" text NOT NULL,
	"submission_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"content" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_campaigns_status_check" CHECK ("newsletter_campaigns"."status" in ('draft', 'sending', 'sent')),
	CONSTRAINT "newsletter_campaigns_recipient_count_non_negative" CHECK ("newsletter_campaigns"."recipient_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"subscribed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	"unsubscribe_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL,
	CONSTRAINT "newsletter_subscribers_email_unique" UNIQUE("email"),
	CONSTRAINT "newsletter_subscribers_unsubscribe_token_unique" UNIQUE("unsubscribe_token")
);
--> statement-breakpoint
CREATE TABLE "licensees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"contact_name" text,
	"phone" text,
	"company_name" text,
	"address_line_1" text,
	"address_line_2" text,
	"city" text,
	"state_province" text,
	"postal_code" text,
	"country" text,
	"law_firm_logo_url" text,
	"avatar_url" text,
	"minutes_sms_wallet_cents" integer DEFAULT 0 NOT NULL,
	"last_month_deposit_cents" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licensees_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "licensees_status_check" CHECK ("licensees"."status" in ('active', 'inactive')),
	CONSTRAINT "licensees_last_month_deposit_cents_non_negative" CHECK ("licensees"."last_month_deposit_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "agreements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"licensee_id" uuid NOT NULL,
	"territory_license_id" uuid,
	"agreement_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"document_url" text,
	"signed_date" date,
	"terms" text,
	"territory_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agreements_status_check" CHECK ("agreements"."status" in ('pending', 'active', 'expired', 'terminated'))
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"territory_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"company" text,
	"message" text,
	"status" text DEFAULT 'active' NOT NULL,
	"user_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservations_status_check" CHECK ("reservations"."status" in ('active', 'converted', 'cancelled', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "territory_licenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"licensee_id" uuid NOT NULL,
	"territory_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"monthly_fee_cents" integer NOT NULL,
	"base_license_fee_cents" integer,
	"category_modifier_amount_cents" integer,
	"keyword_modifier_amount_cents" integer,
	"final_calculated_fee_cents" integer,
	"setup_fee_cents" integer DEFAULT 0 NOT NULL,
	"pricing_details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "territory_licenses_status_check" CHECK ("territory_licenses"."status" in ('active', 'expired', 'cancelled')),
	CONSTRAINT "territory_licenses_monthly_fee_cents_non_negative" CHECK ("territory_licenses"."monthly_fee_cents" >= 0),
	CONSTRAINT "territory_licenses_base_license_fee_cents_non_negative" CHECK ("territory_licenses"."base_license_fee_cents" >= 0),
	CONSTRAINT "territory_licenses_final_calculated_fee_cents_non_negative" CHECK ("territory_licenses"."final_calculated_fee_cents" >= 0),
	CONSTRAINT "territory_licenses_setup_fee_cents_non_negative" CHECK ("territory_licenses"."setup_fee_cents" >= 0),
	CONSTRAINT "territory_licenses_period_check" CHECK ("territory_licenses"."ends_at" is null or "territory_licenses"."ends_at" >= "territory_licenses"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"territory_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_territory_category_email_unique" UNIQUE("territory_id","category_id","email")
);
--> statement-breakpoint
CREATE TABLE "support_ticket_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"user_id" text,
	"message" text NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"licensee_id" uuid,
	"subject" text NOT NULL,
	"description" text NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_tickets_priority_check" CHECK ("support_tickets"."priority" in ('low', 'medium', 'high', 'urgent')),
	CONSTRAINT "support_tickets_status_check" CHECK ("support_tickets"."status" in ('open', 'pending_admin', 'pending_user', 'resolved', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_user_id" text,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"details" jsonb,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"template" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_outbox_status_check" CHECK ("email_outbox"."status" in ('pending', 'sending', 'sent', 'failed')),
	CONSTRAINT "email_outbox_attempts_non_negative" CHECK ("email_outbox"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_wallet_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"licensee_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"description" text NOT NULL,
	"transaction_type" text NOT NULL,
	"payment_reference" text,
	"transaction_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_wallet_transactions_payment_reference_unique" UNIQUE("payment_reference"),
	CONSTRAINT "client_wallet_transactions_type_check" CHECK ("client_wallet_transactions"."transaction_type" in ('top_up', 'usage', 'adjustment', 'refund')),
	CONSTRAINT "client_wallet_transactions_amount_nonzero_check" CHECK ("client_wallet_transactions"."amount_cents" <> 0),
	CONSTRAINT "client_wallet_transactions_sign_check" CHECK (("client_wallet_transactions"."transaction_type" <> 'top_up' or "client_wallet_transactions"."amount_cents" > 0) and ("client_wallet_transactions"."transaction_type" <> 'usage' or "client_wallet_transactions"."amount_cents" < 0))
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor" ADD CONSTRAINT "two_factor_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territory_categories" ADD CONSTRAINT "territory_categories_territory_id_territories_id_fk" FOREIGN KEY ("territory_id") REFERENCES "public"."territories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territory_categories" ADD CONSTRAINT "territory_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vanity_numbers" ADD CONSTRAINT "vanity_numbers_licensee_id_licensees_id_fk" FOREIGN KEY ("licensee_id") REFERENCES "public"."licensees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vanity_numbers" ADD CONSTRAINT "vanity_numbers_territory_id_territories_id_fk" FOREIGN KEY ("territory_id") REFERENCES "public"."territories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dynamic_pages" ADD CONSTRAINT "dynamic_pages_territory_id_territories_id_fk" FOREIGN KEY ("territory_id") REFERENCES "public"."territories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dynamic_pages" ADD CONSTRAINT "dynamic_pages_licensee_id_licensees_id_fk" FOREIGN KEY ("licensee_id") REFERENCES "public"."licensees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_territory_id_territories_id_fk" FOREIGN KEY ("territory_id") REFERENCES "public"."territories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_licensee_id_licensees_id_fk" FOREIGN KEY ("licensee_id") REFERENCES "public"."licensees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_campaigns" ADD CONSTRAINT "newsletter_campaigns_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licensees" ADD CONSTRAINT "licensees_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_licensee_id_licensees_id_fk" FOREIGN KEY ("licensee_id") REFERENCES "public"."licensees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_territory_license_id_territory_licenses_id_fk" FOREIGN KEY ("territory_license_id") REFERENCES "public"."territory_licenses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_territory_id_territories_id_fk" FOREIGN KEY ("territory_id") REFERENCES "public"."territories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territory_licenses" ADD CONSTRAINT "territory_licenses_licensee_id_licensees_id_fk" FOREIGN KEY ("licensee_id") REFERENCES "public"."licensees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territory_licenses" ADD CONSTRAINT "territory_licenses_territory_id_territories_id_fk" FOREIGN KEY ("territory_id") REFERENCES "public"."territories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territory_licenses" ADD CONSTRAINT "territory_licenses_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_territory_id_territories_id_fk" FOREIGN KEY ("territory_id") REFERENCES "public"."territories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_replies" ADD CONSTRAINT "support_ticket_replies_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_replies" ADD CONSTRAINT "support_ticket_replies_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_licensee_id_licensees_id_fk" FOREIGN KEY ("licensee_id") REFERENCES "public"."licensees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_wallet_transactions" ADD CONSTRAINT "client_wallet_transactions_licensee_id_licensees_id_fk" FOREIGN KEY ("licensee_id") REFERENCES "public"."licensees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_userId_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_userId_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "twoFactor_secret_idx" ON "two_factor" USING btree ("secret");--> statement-breakpoint
CREATE INDEX "twoFactor_userId_idx" ON "two_factor" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "featured_numbers_active_order_idx" ON "featured_numbers" USING btree ("is_active","display_order");--> statement-breakpoint
CREATE INDEX "territories_status_idx" ON "territories" USING btree ("status");--> statement-breakpoint
CREATE INDEX "territory_categories_category_idx" ON "territory_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "vanity_numbers_licensee_idx" ON "vanity_numbers" USING btree ("licensee_id");--> statement-breakpoint
CREATE INDEX "vanity_numbers_territory_idx" ON "vanity_numbers" USING btree ("territory_id");--> statement-breakpoint
CREATE INDEX "blog_posts_status_published_at_idx" ON "blog_posts" USING btree ("status","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "dynamic_pages_territory_idx" ON "dynamic_pages" USING btree ("territory_id");--> statement-breakpoint
CREATE INDEX "dynamic_pages_licensee_idx" ON "dynamic_pages" USING btree ("licensee_id");--> statement-breakpoint
CREATE INDEX "editable_content_page_slug_idx" ON "editable_content" USING btree ("page_slug");--> statement-breakpoint
CREATE INDEX "faq_items_published_category_order_idx" ON "faq_items" USING btree ("is_published","category","display_order");--> statement-breakpoint
CREATE INDEX "support_topics_category_idx" ON "support_topics" USING btree ("category","title");--> statement-breakpoint
CREATE INDEX "contacts_status_created_idx" ON "contacts" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contacts_email_idx" ON "contacts" USING btree ("email");--> statement-breakpoint
CREATE INDEX "contacts_territory_idx" ON "contacts" USING btree ("territory_id");--> statement-breakpoint
CREATE INDEX "contacts_category_idx" ON "contacts" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "form_submissions_licensee_created_idx" ON "form_submissions" USING btree ("licensee_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "newsletter_campaigns_created_idx" ON "newsletter_campaigns" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "licensees_email_idx" ON "licensees" USING btree ("email");--> statement-breakpoint
CREATE INDEX "agreements_licensee_idx" ON "agreements" USING btree ("licensee_id");--> statement-breakpoint
CREATE INDEX "agreements_territory_license_idx" ON "agreements" USING btree ("territory_license_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_one_active_unique" ON "reservations" USING btree ("territory_id","category_id") WHERE "reservations"."status" = 'active';--> statement-breakpoint
CREATE INDEX "reservations_status_expires_idx" ON "reservations" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "reservations_category_idx" ON "reservations" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "reservations_user_idx" ON "reservations" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "territory_licenses_one_active_unique" ON "territory_licenses" USING btree ("territory_id","category_id") WHERE "territory_licenses"."status" = 'active';--> statement-breakpoint
CREATE INDEX "territory_licenses_licensee_idx" ON "territory_licenses" USING btree ("licensee_id","status");--> statement-breakpoint
CREATE INDEX "territory_licenses_category_idx" ON "territory_licenses" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "waitlist_entries_category_idx" ON "waitlist_entries" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "support_ticket_replies_ticket_idx" ON "support_ticket_replies" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "support_ticket_replies_user_idx" ON "support_ticket_replies" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "support_tickets_user_idx" ON "support_tickets" USING btree ("user_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "support_tickets_licensee_idx" ON "support_tickets" USING btree ("licensee_id");--> statement-breakpoint
CREATE INDEX "support_tickets_status_idx" ON "support_tickets" USING btree ("status","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "email_outbox_status_next_attempt_idx" ON "email_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "email_outbox" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rate_limits_window_start_idx" ON "rate_limits" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "client_wallet_transactions_licensee_date_idx" ON "client_wallet_transactions" USING btree ("licensee_id","transaction_date");