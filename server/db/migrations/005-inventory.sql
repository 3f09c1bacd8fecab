-- Inventory (issue 20). Zones say whether they are cooled, for SPEC 2's temperature badges; a
-- zone made before this was not asked, so it starts as ambient until someone says otherwise.
alter table storage_zones
  add column temperature text not null default 'ambient' check (temperature in ('cold', 'ambient'));

-- An administrator's ageing thresholds and minimum stock for one tomato type of a location. A
-- type without a row uses the server's defaults (server/modules/inventory/defaults.ts), so a
-- new type has sensible badges before anyone configures it. Days count from the pallet's
-- creation: below ripening_days it is fresh, then ripening, near expiry, and urgent from
-- urgent_days on.
create table tomato_type_settings (
  location_id uuid not null references locations (id) on delete cascade,
  tomato_type text not null,
  ripening_days integer not null,
  near_expiry_days integer not null,
  urgent_days integer not null,
  minimum_kg numeric(12, 2) not null check (minimum_kg >= 0),
  updated_at timestamptz not null default now(),
  primary key (location_id, tomato_type),
  check (0 < ripening_days and ripening_days < near_expiry_days and near_expiry_days < urgent_days)
);
