-- Accent- and case-insensitive search (ARCHITECTURE §6). unaccent() is only STABLE, so it cannot be
-- used in an index; this wrapper names the dictionary explicitly, which makes it safe to declare IMMUTABLE.
-- Names inside are schema-qualified: PostgreSQL 17 builds indexes with a restricted search_path.
-- The extensions themselves are created in code before migrating (src/server/db/migrate.ts).
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION f_search_text(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.f_unaccent($1)) $$;
--> statement-breakpoint
CREATE INDEX users_search_trgm_idx ON users USING gin (
  f_search_text(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || email) gin_trgm_ops
);
