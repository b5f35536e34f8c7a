CREATE TABLE "backup_folders" (
	"process_id" uuid PRIMARY KEY NOT NULL,
	"folder_id" text NOT NULL,
	"dir" text NOT NULL,
	"host" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "backups" ADD COLUMN "missing_files" integer DEFAULT 0 NOT NULL;