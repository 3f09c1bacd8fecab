-- Network scales (issue 34): the scales of each location, which the sorting console takes a
-- pallet's weight from. The server reads a scale over raw TCP, on a port of the printers' allowed
-- list, in the protocol it speaks: MT-SICS (asked `SI`) or an indicator's continuous output.
create table scales (
  id uuid primary key default uuid_v7(),
  location_id uuid not null references locations (id) on delete cascade,
  name text not null,
  host text not null,
  port integer not null check (port between 1 and 65535),
  protocol text not null check (protocol in ('mt-sics', 'continuous')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (location_id, name)
);
