CREATE TABLE "sim_chats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"instance_id" uuid NOT NULL,
	"remote_jid" text NOT NULL,
	"lid" text,
	"is_group" boolean DEFAULT false NOT NULL,
	"name" text,
	"presence" text,
	"presence_until" timestamp with time zone,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_instances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"token" text NOT NULL,
	"integration" text DEFAULT 'WHATSAPP-BAILEYS' NOT NULL,
	"state" text DEFAULT 'close' NOT NULL,
	"qr_code" text,
	"previous_qr_code" text,
	"qr_count" integer DEFAULT 0 NOT NULL,
	"qr_expires_at" timestamp with time zone,
	"pairing_code" text,
	"owner_phone" text,
	"profile_name" text,
	"webhook" jsonb,
	"disconnection_reason_code" integer,
	"disconnection_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sim_instances_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "sim_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"instance_id" uuid NOT NULL,
	"chat_id" uuid NOT NULL,
	"key_id" text NOT NULL,
	"remote_jid" text NOT NULL,
	"from_me" boolean NOT NULL,
	"participant" text,
	"push_name" text,
	"message_type" text NOT NULL,
	"content" jsonb NOT NULL,
	"media_base64" text,
	"status" text NOT NULL,
	"timestamp" bigint NOT NULL,
	"deliveries" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sim_chats" ADD CONSTRAINT "sim_chats_instance_id_sim_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."sim_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_messages" ADD CONSTRAINT "sim_messages_instance_id_sim_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."sim_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_messages" ADD CONSTRAINT "sim_messages_chat_id_sim_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."sim_chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sim_chats_instance_jid_unique" ON "sim_chats" USING btree ("instance_id","remote_jid");--> statement-breakpoint
CREATE INDEX "sim_chats_instance_lid_idx" ON "sim_chats" USING btree ("instance_id","lid");--> statement-breakpoint
CREATE INDEX "sim_chats_instance_last_idx" ON "sim_chats" USING btree ("instance_id","last_message_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_messages_instance_key_unique" ON "sim_messages" USING btree ("instance_id","key_id");--> statement-breakpoint
CREATE INDEX "sim_messages_chat_created_idx" ON "sim_messages" USING btree ("chat_id","created_at");