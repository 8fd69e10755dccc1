CREATE TABLE "never_answer_contacts" (
	"user_id" text NOT NULL,
	"contact_jid" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "never_answer_contacts_user_id_contact_jid_pk" PRIMARY KEY("user_id","contact_jid")
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "never_answer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "numbers" ADD COLUMN "ai_audience" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "never_answer_contacts" ADD CONSTRAINT "never_answer_contacts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;