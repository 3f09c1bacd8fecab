-- Every label job, per location: which pallet on which printer, who sent it and when, the bytes
-- sent (so it can be reprinted as it was), what the printer did, and its status before and after.
-- A job outlives its printer and its pallet (their ids go, the printer's name stays); jobs are
-- kept as long as the live event log keeps its events.
create table print_jobs (
  id uuid primary key default uuid_v7(),
  location_id uuid not null references locations (id) on delete cascade,
  printer_id uuid references printers (id) on delete set null,
  printer_name text not null,
  pallet_id uuid references pallets (id) on delete set null,
  user_id uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  zpl text not null,
  -- sent, refused, timed_out, unreachable, failed; held: not sent, the printer reported paper out or its head open
  outcome text not null check (outcome in ('sent', 'refused', 'timed_out', 'unreachable', 'failed', 'held')),
  bytes integer,
  message text,
  status_before jsonb not null,
  status_after jsonb
);
create index print_jobs_location_recent on print_jobs (location_id, created_at desc, id desc);
