CREATE TABLE "outbound_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"conv_id" uuid,
	"message_id" uuid,
	"origin" text NOT NULL,
	"rule" text,
	"outcome" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbound_audit" ADD CONSTRAINT "outbound_audit_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_audit" ADD CONSTRAINT "outbound_audit_conv_id_conversations_id_fk" FOREIGN KEY ("conv_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbound_audit_message_idx" ON "outbound_audit" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "outbound_audit_conv_created_idx" ON "outbound_audit" USING btree ("conv_id","created_at");