-- dashboard_changes: counts of what changes the dashboard's figures, kept by the writing transaction, so
-- the live dashboards' change signature sums a few rows instead of counting the organisation's paid orders
-- and scans at every poll. The slot is the writing backend's process id modulo 1024: a backend runs one
-- transaction at a time, so concurrent writers of an organisation rarely share a row (one row per
-- organisation would make every checkout and scan of the organisation queue on it).

CREATE OR REPLACE FUNCTION dashboard_changes_add(org uuid, n bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO dashboard_changes (organization_id, slot, changes)
  VALUES (org, (pg_backend_pid() % 1024)::smallint, n)
  ON CONFLICT (organization_id, slot) DO UPDATE SET changes = dashboard_changes.changes + excluded.changes
$$;
--> statement-breakpoint
-- An order paid: inserted paid (free orders, the box office) or its paid time set (payment, marked paid).
-- Inserts are counted per statement (one upsert for a statement's paid orders of an organisation: a row
-- trigger would update the same counter row once per order, and a transaction that writes many orders
-- would walk an ever longer chain of its versions at each one). A paid time set is counted per row, with a
-- WHEN clause: the function runs only for those rows, not for every order updated.
CREATE OR REPLACE FUNCTION orders_count_dashboard_paid_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dashboard_changes_add(a.organization_id, count(*))
    FROM added a WHERE a.paid_at IS NOT NULL GROUP BY a.organization_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_dashboard_paid_inserted AFTER INSERT ON orders
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT
  EXECUTE FUNCTION orders_count_dashboard_paid_inserted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_count_dashboard_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dashboard_changes_add(NEW.organization_id, 1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_dashboard_paid_changed AFTER UPDATE OF paid_at ON orders
  FOR EACH ROW WHEN (NEW.paid_at IS DISTINCT FROM OLD.paid_at)
  EXECUTE FUNCTION orders_count_dashboard_change();
--> statement-breakpoint
-- Every scan logged (a redeem's or an offline batch's rows come in one statement: one upsert per
-- organisation and statement).
CREATE OR REPLACE FUNCTION checkin_log_count_dashboard_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dashboard_changes_add(a.organization_id, count(*)) FROM added a GROUP BY a.organization_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER checkin_log_dashboard_added AFTER INSERT ON checkin_log
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT
  EXECUTE FUNCTION checkin_log_count_dashboard_changes();
--> statement-breakpoint
-- An admission undone (or its undoing changed).
CREATE OR REPLACE FUNCTION checkin_log_count_dashboard_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dashboard_changes_add(NEW.organization_id, 1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER checkin_log_dashboard_undone AFTER UPDATE OF undone_at ON checkin_log
  FOR EACH ROW WHEN (NEW.undone_at IS DISTINCT FROM OLD.undone_at)
  EXECUTE FUNCTION checkin_log_count_dashboard_change();
--> statement-breakpoint
-- dashboard_paid_rollups: an order counted there (paid_tallied) whose paid time, ticket count or
-- organisation changes, or which is deleted, is taken back out and unmarked, so the tally never holds a
-- stale count; the job counts it again as it is. (No writer changes these today: paid_at is set once,
-- tickets are written with their order.) UPDATE only: a row already gone (its organisation deleted) has
-- nothing to take out.
CREATE OR REPLACE FUNCTION dashboard_paid_untally(org uuid, paid timestamptz, ticket_count int)
RETURNS void LANGUAGE sql AS $$
  UPDATE dashboard_paid_rollups r SET orders = r.orders - 1, tickets = r.tickets - ticket_count
  WHERE r.organization_id = org
    AND ((r.grain = 'day' AND r.starts_at = date_trunc('day', paid, 'UTC'))
      OR (r.grain = 'hour' AND r.starts_at = date_trunc('hour', paid, 'UTC')))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_untally_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dashboard_paid_untally(OLD.organization_id, OLD.paid_at, OLD.ticket_count);
  NEW.paid_tallied := false;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_dashboard_tally_changed BEFORE UPDATE OF paid_at, ticket_count, organization_id ON orders
  FOR EACH ROW WHEN (OLD.paid_tallied AND (NEW.paid_at IS DISTINCT FROM OLD.paid_at
    OR NEW.ticket_count IS DISTINCT FROM OLD.ticket_count OR NEW.organization_id IS DISTINCT FROM OLD.organization_id))
  EXECUTE FUNCTION orders_untally_changed();
--> statement-breakpoint
-- Deleted orders are taken out per statement (an organisation's deletion removes all its orders in one):
-- a row trigger would update the same day's tally once per order, along an ever longer chain of versions.
CREATE OR REPLACE FUNCTION orders_untally_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE dashboard_paid_rollups r SET orders = r.orders - d.orders, tickets = r.tickets - d.tickets
  FROM (
    SELECT g.organization_id, u.grain, date_trunc(u.grain, g.paid_at, 'UTC') AS starts_at,
      count(*) AS orders, sum(g.ticket_count) AS tickets
    FROM gone g CROSS JOIN (VALUES ('day'), ('hour')) u(grain)
    WHERE g.paid_tallied
    GROUP BY 1, 2, 3
  ) d
  WHERE r.organization_id = d.organization_id AND r.grain = d.grain AND r.starts_at = d.starts_at;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_dashboard_tally_deleted AFTER DELETE ON orders
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT
  EXECUTE FUNCTION orders_untally_deleted();
