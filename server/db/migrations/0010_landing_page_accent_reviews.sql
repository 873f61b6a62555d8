ALTER TABLE "dynamic_pages" ADD COLUMN "accent" text;--> statement-breakpoint
ALTER TABLE "dynamic_pages" ADD COLUMN "reviews" jsonb DEFAULT '[]'::jsonb NOT NULL;