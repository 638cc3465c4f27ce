-- The roll-ups' year grain (decision 036, third pass), made from their months: the watermark's row is
-- locked first, so no fold adds a batch in between and the years hold exactly the months' folded rows.
SELECT folded_seq FROM ledger_rollup_state WHERE id = 1 FOR UPDATE;
--> statement-breakpoint
INSERT INTO ledger_rollups (organization_id, grain, starts_at, currency, kind, method, amount_minor, entries,
  order_entries)
SELECT organization_id, 'year', date_trunc('year', starts_at, 'UTC'), currency, kind, method, sum(amount_minor),
  sum(entries), sum(order_entries)
FROM ledger_rollups WHERE grain = 'month'
GROUP BY organization_id, date_trunc('year', starts_at, 'UTC'), currency, kind, method;
--> statement-breakpoint
INSERT INTO ledger_event_rollups (organization_id, event_id, grain, starts_at, currency, kind, method,
  amount_minor, entries, order_entries)
SELECT organization_id, event_id, 'year', date_trunc('year', starts_at, 'UTC'), currency, kind, method,
  sum(amount_minor), sum(entries), sum(order_entries)
FROM ledger_event_rollups WHERE grain = 'month'
GROUP BY organization_id, event_id, date_trunc('year', starts_at, 'UTC'), currency, kind, method;
