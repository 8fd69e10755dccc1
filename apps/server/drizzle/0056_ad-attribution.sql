CREATE TABLE "capi_datasets" (
	"user_id" text PRIMARY KEY NOT NULL,
	"dataset_id" text NOT NULL,
	"token_sealed" text NOT NULL,
	"page_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "capi_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"conversation_id" uuid NOT NULL,
	"order_id" uuid,
	"event_name" text NOT NULL,
	"event_id" text NOT NULL,
	"event_time" timestamp with time zone NOT NULL,
	"ctwa_clid" text NOT NULL,
	"value_cents" integer,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"claim_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"conversation_id" uuid NOT NULL,
	"message_id" uuid,
	"kind" text NOT NULL,
	"reliability" text NOT NULL,
	"source_key" text NOT NULL,
	"headline" text,
	"referral" jsonb,
	"ctwa_clid" text,
	"link_id" uuid,
	"free_entry_until" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "source_costs" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"source_key" text NOT NULL,
	"cost_cents" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "source_costs_user_id_kind_source_key_pk" PRIMARY KEY("user_id","kind","source_key")
);
--> statement-breakpoint
CREATE TABLE "source_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "capi_datasets" ADD CONSTRAINT "capi_datasets_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capi_events" ADD CONSTRAINT "capi_events_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capi_events" ADD CONSTRAINT "capi_events_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capi_events" ADD CONSTRAINT "capi_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_sources" ADD CONSTRAINT "conversation_sources_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_sources" ADD CONSTRAINT "conversation_sources_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_sources" ADD CONSTRAINT "conversation_sources_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_sources" ADD CONSTRAINT "conversation_sources_link_id_source_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."source_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_costs" ADD CONSTRAINT "source_costs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_links" ADD CONSTRAINT "source_links_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "capi_events_event_id_unique" ON "capi_events" USING btree ("user_id","event_id");--> statement-breakpoint
CREATE INDEX "capi_events_user_created_idx" ON "capi_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "capi_events_pending_idx" ON "capi_events" USING btree ("created_at") WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX "conversation_sources_conv_idx" ON "conversation_sources" USING btree ("conversation_id","received_at");--> statement-breakpoint
CREATE INDEX "conversation_sources_user_idx" ON "conversation_sources" USING btree ("user_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "source_links_user_code_unique" ON "source_links" USING btree ("user_id","code");