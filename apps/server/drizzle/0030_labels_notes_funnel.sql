CREATE TABLE "conversation_stages" (
	"conv_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"stage_id" uuid NOT NULL,
	"moved_by" text NOT NULL,
	"author_id" text,
	"moved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funnel_stages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversation_notes" ADD COLUMN "author_id" text;--> statement-breakpoint
ALTER TABLE "conversation_stages" ADD CONSTRAINT "conversation_stages_conv_id_conversations_id_fk" FOREIGN KEY ("conv_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_stages" ADD CONSTRAINT "conversation_stages_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_stages" ADD CONSTRAINT "conversation_stages_stage_id_funnel_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."funnel_stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_stages" ADD CONSTRAINT "conversation_stages_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnel_stages" ADD CONSTRAINT "funnel_stages_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_stages_stage_idx" ON "conversation_stages" USING btree ("user_id","stage_id");--> statement-breakpoint
CREATE UNIQUE INDEX "funnel_stages_user_name_unique" ON "funnel_stages" USING btree ("user_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "funnel_stages_user_kind_unique" ON "funnel_stages" USING btree ("user_id","kind") WHERE "funnel_stages"."kind" <> 'custom';--> statement-breakpoint
ALTER TABLE "conversation_notes" ADD CONSTRAINT "conversation_notes_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;