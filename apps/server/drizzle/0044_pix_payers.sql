CREATE TABLE "pix_payers" (
	"user_id" text NOT NULL,
	"conv_id" uuid NOT NULL,
	"document" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pix_payers_user_id_conv_id_pk" PRIMARY KEY("user_id","conv_id")
);
--> statement-breakpoint
ALTER TABLE "pix_payers" ADD CONSTRAINT "pix_payers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_payers" ADD CONSTRAINT "pix_payers_conv_id_conversations_id_fk" FOREIGN KEY ("conv_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;