-- Label printing (CONTRACT "Printing"): the network label printers of each location, one of them
-- the location's default, and the GS1 settings that give pallets an SSCC on their label.

create table printers (
  id uuid primary key default uuid_v7(),
  location_id uuid not null references locations (id) on delete cascade,
  name text not null,
  host text not null,
  port integer not null default 9100 check (port between 1 and 65535),
  dpi integer not null check (dpi in (203, 300)),
  label_width_mm numeric(4, 1) not null,
  label_height_mm numeric(4, 1) not null,
  is_default boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (location_id, name)
);
-- at most one default per location, even when two requests race to set one
create unique index printers_one_default on printers (location_id) where is_default;

-- A location without a row has no GS1 company prefix: its labels carry no SSCC.
create table location_settings (
  location_id uuid primary key references locations (id) on delete cascade,
  gs1_company_prefix text check (gs1_company_prefix ~ '^[0-9]{4,12}$')
);

-- The last SSCC serial reference given under each company prefix. Counted per prefix, not per
-- location: sites of one company share its prefix, and an SSCC must be unique worldwide.
create table sscc_serials (
  gs1_company_prefix text primary key,
  last_serial bigint not null default 0
);

-- A pallet's SSCC, given on its first label after a prefix is set and printed on every label since.
create table pallet_ssccs (
  pallet_id uuid primary key references pallets (id) on delete cascade,
  sscc char(18) not null unique
);
