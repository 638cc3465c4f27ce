-- A ticket's short code, made by the database for rows written without one (and, through the column's
-- default in the next migration, for every ticket that existed before it). Same alphabet and check symbol
-- as packages/shared/src/ticket-code.ts: 10 symbols of Crockford's base 32 (50 bits taken from
-- gen_random_uuid(), a strong random source) and a Luhn mod 32 check symbol.
CREATE OR REPLACE FUNCTION guichet_ticket_code() RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  alphabet constant text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  hex text := replace(gen_random_uuid()::text, '-', '');
  -- 12 random hex digits before the version digit and 1 after the variant digit: 52 random bits.
  bits bigint := ('x' || lpad(substr(hex, 1, 12) || substr(hex, 18, 1), 16, '0'))::bit(64)::bigint;
  body text := '';
  factor int := 2;
  total int := 0;
  value int;
  addend int;
BEGIN
  FOR i IN 1..10 LOOP
    body := body || substr(alphabet, (bits & 31)::int + 1, 1);
    bits := bits >> 5;
  END LOOP;
  FOR i IN REVERSE 10..1 LOOP
    value := strpos(alphabet, substr(body, i, 1)) - 1;
    addend := factor * value;
    total := total + addend / 32 + addend % 32;
    factor := CASE WHEN factor = 2 THEN 1 ELSE 2 END;
  END LOOP;
  RETURN body || substr(alphabet, ((32 - total % 32) % 32) + 1, 1);
END;
$$;
