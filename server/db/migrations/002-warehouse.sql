-- Warehouse data (CONTRACT "Warehouse data"): the attribute catalogue per location, pallets,
-- customer orders and the pallets assigned to them, storage zones and the pallets placed in them.
-- Pallet and order ids are UUIDv7 made by the server, so `order by id desc` is newest first and
-- the id doubles as the pagination cursor. Who made a change (added_by, created_by, assigned_by,
-- placed_by) is history: the id stays when the user is deleted, like analytics_events.user_id.

-- A time-ordered UUID (version 7) for `at`: 48 bits of Unix milliseconds, then random bits.
create function uuid_v7(at timestamptz default clock_timestamp()) returns uuid
language sql volatile as $$
  select encode(
    set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
      placing substring(int8send(floor(extract(epoch from at) * 1000)::bigint) from 3) from 1 for 6),
    52, 1), 53, 1), 'hex')::uuid
$$;

create table catalog_values (
  location_id uuid not null references locations (id) on delete cascade,
  attribute text not null check (attribute in ('pallet_type', 'box_type', 'tomato_type', 'tomato_option')),
  value text not null,
  position integer not null,
  primary key (location_id, attribute, value)
);

create table pallets (
  id uuid primary key default uuid_v7(),
  location_id uuid not null references locations (id) on delete cascade,
  pallet_type text not null,
  box_type text not null,
  tomato_type text not null,
  tomato_option text not null,
  weight numeric(10, 2) not null check (weight > 0),
  status text not null default 'active' check (status in ('active', 'shipped')),
  -- optimistic concurrency: raised by every change of the pallet's own fields (attributes, status)
  version integer not null default 1,
  added_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  shipped_at timestamptz
);
create index pallets_location_status_id on pallets (location_id, status, id desc);
create index pallets_location_id on pallets (location_id, id desc);
create index pallets_location_shipped_at on pallets (location_id, shipped_at) where shipped_at is not null;

create table orders (
  id uuid primary key default uuid_v7(),
  location_id uuid not null references locations (id) on delete cascade,
  customer text not null,
  status text not null default 'open' check (status in ('open', 'assigned', 'shipped', 'complete')),
  requested_pallets integer not null check (requested_pallets > 0),
  due_date date,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  shipped_at timestamptz
);
create index orders_location_id on orders (location_id, id desc);

-- One row per pallet on an order: the primary key keeps a pallet on at most one order.
-- `assignment_id` names the assign call that put it there (ASSIGNMENT_UPDATE carries it).
create table assignments (
  pallet_id uuid primary key references pallets (id) on delete cascade,
  order_id uuid not null references orders (id) on delete cascade,
  assignment_id uuid not null,
  location_id uuid not null references locations (id) on delete cascade,
  assigned_by uuid,
  assigned_at timestamptz not null default now()
);
create index assignments_order_id on assignments (order_id, assigned_at);

create table storage_zones (
  id uuid primary key default uuid_v7(),
  location_id uuid not null references locations (id) on delete cascade,
  name text not null,
  row_count integer not null check (row_count > 0),
  row_capacity integer not null check (row_capacity > 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (location_id, name)
);

-- Where a pallet stands: one position per pallet; a zone holding pallets cannot be deleted.
create table storage_positions (
  id uuid primary key default uuid_v7(),
  pallet_id uuid not null unique references pallets (id) on delete cascade,
  zone_id uuid not null references storage_zones (id) on delete restrict,
  row_index integer not null check (row_index >= 0),
  location_id uuid not null references locations (id) on delete cascade,
  placed_by uuid,
  placed_at timestamptz not null default now()
);
create index storage_positions_zone_row on storage_positions (zone_id, row_index);
