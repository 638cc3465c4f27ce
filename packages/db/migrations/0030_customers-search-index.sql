-- Searching the customers list by part of a name or an e-mail (`ILIKE '%…%'`) is served by a trigram index
-- of both together (one index: the checkout's customer upsert maintains it), on PostgreSQL where pg_trgm
-- (a contrib extension, trusted since PostgreSQL 13) can be created. Without it (the embedded PGlite, or a
-- role that may not create extensions) the same search reads the list's sort index and filters as it goes:
-- the results are the same, only a rare term costs a scan. fastupdate off: entries go straight into the
-- index, never into a pending list that an order's statement would have to flush while it holds the
-- ticket type's row.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX IF NOT EXISTS customers_search_idx ON customers
      USING gin ((name || E'\n' || email) gin_trgm_ops) WITH (fastupdate = off);
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm could not be created: customers are searched without a trigram index';
END $$;
