CREATE TABLE "team_permissions" (
	"account_id" text PRIMARY KEY NOT NULL,
	"labels" boolean DEFAULT false NOT NULL,
	"quick_replies" boolean DEFAULT false NOT NULL,
	"approval_override" boolean DEFAULT false NOT NULL,
	"marketing_templates" boolean DEFAULT false NOT NULL,
	"quote_pricing" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "number_claims" (
	"phone_key" text NOT NULL,
	"user_id" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "number_claims_phone_key_user_id_pk" PRIMARY KEY("phone_key","user_id")
);
--> statement-breakpoint
DROP INDEX "numbers_phone_unique";--> statement-breakpoint
ALTER TABLE "team_permissions" ADD CONSTRAINT "team_permissions_account_id_user_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_claims" ADD CONSTRAINT "number_claims_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "number_claims_claimed_at_idx" ON "number_claims" USING btree ("claimed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "numbers_phone_verified_unique" ON "numbers" USING btree ("phone") WHERE "numbers"."phone_verified_at" is not null;--> statement-breakpoint
CREATE INDEX "numbers_phone_idx" ON "numbers" USING btree ("phone");