CREATE TABLE "idempotency_keys" (
	"form" text NOT NULL,
	"key" text NOT NULL,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_form_key_pk" PRIMARY KEY("form","key")
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "email_outbox_fresh_due_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."status" in ('pending', 'sending') and "email_outbox"."last_error" is null;--> statement-breakpoint
CREATE INDEX "email_outbox_retry_due_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."status" in ('pending', 'sending') and "email_outbox"."last_error" is not null;