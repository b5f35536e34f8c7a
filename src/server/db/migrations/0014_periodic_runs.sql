-- Background work that every app process schedules (the orphan sweep, ADR 0006) runs once per interval across
-- all processes, not once per process (ADR 0027): a process runs it only after claiming this row, by moving
-- last_started_at to now() when the previous start is old enough. The database's clock decides, so processes
-- whose clocks differ still agree. `runs` counts the claims (operators and the scale-out test read it).
CREATE TABLE periodic_runs (
  name text PRIMARY KEY,
  last_started_at timestamptz NOT NULL,
  runs integer NOT NULL DEFAULT 1
);
