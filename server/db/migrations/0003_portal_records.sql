ALTER TABLE "licensees" ADD COLUMN "low_balance_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "signer_name" text;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "signer_user_id" text;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "signer_ip" text;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "signer_user_agent" text;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "document_sha256" text;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "signed_document_key" text;--> statement-breakpoint
ALTER TABLE "client_wallet_transactions" ADD COLUMN "details" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_signer_user_id_user_id_fk" FOREIGN KEY ("signer_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_signature_complete_check" CHECK (("agreements"."signed_at" is null) = ("agreements"."document_sha256" is null) and ("agreements"."signed_at" is null) = ("agreements"."signer_name" is null));