CREATE TABLE "account_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" text NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "account_invitations_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "account_members" (
	"user_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"role" text DEFAULT 'attendant' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agentes" ADD COLUMN "handoff_user_id" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "assigned_user_id" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sent_by_user_id" text;--> statement-breakpoint
ALTER TABLE "account_invitations" ADD CONSTRAINT "account_invitations_account_id_user_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_invitations" ADD CONSTRAINT "account_invitations_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_invitations" ADD CONSTRAINT "account_invitations_accepted_by_user_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_members" ADD CONSTRAINT "account_members_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_members" ADD CONSTRAINT "account_members_account_id_user_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_invitations_account_idx" ON "account_invitations" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "account_invitations_open_unique" ON "account_invitations" USING btree ("account_id","email") WHERE "account_invitations"."accepted_at" is null and "account_invitations"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "account_members_account_idx" ON "account_members" USING btree ("account_id","created_at");--> statement-breakpoint
ALTER TABLE "agentes" ADD CONSTRAINT "agentes_handoff_user_id_user_id_fk" FOREIGN KEY ("handoff_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_assigned_user_id_user_id_fk" FOREIGN KEY ("assigned_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_user_assigned_last_idx" ON "conversations" USING btree ("user_id","assigned_user_id","last_message" DESC NULLS LAST,"id" DESC NULLS LAST);