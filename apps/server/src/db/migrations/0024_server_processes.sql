-- The server processes of one PostgreSQL database and the settings they must share (platform/process-registry.ts): a process refuses to start beside another whose file-link key or storage differs, or with a key of its own drawing. Not a promotion's data: no version follows it (migration 0017).
CREATE TABLE "server_processes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"file_secret" text NOT NULL,
	"storage" text NOT NULL
);
