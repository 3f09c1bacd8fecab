-- Core tables: locations, users and their access, sessions, idempotency, analytics, live event log.

create table locations (
  id uuid primary key default gen_random_uuid(),
  name text not null unique,
  created_at timestamptz not null default now()
);

create table users (
  id uuid primary key default gen_random_uuid(),
  username text not null,
  password_hash text not null,
  admin boolean not null default false,
  first_login boolean not null default true,
  force_mobile_mode_enabled boolean not null default false,
  skip_token_validation boolean not null default false,
  auto_refresh_tokens boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- usernames are unique regardless of case, and looked up that way at login
create unique index users_username_key on users (lower(username));

-- SPEC 3 permission flags granted to a user (desktop_access and mobile_access included)
create table user_permissions (
  user_id uuid not null references users (id) on delete cascade,
  name text not null,
  primary key (user_id, name)
);

create table user_restrictions (
  user_id uuid not null references users (id) on delete cascade,
  restriction_key text not null,
  primary key (user_id, restriction_key)
);

create table user_locations (
  user_id uuid not null references users (id) on delete cascade,
  location_id uuid not null references locations (id) on delete cascade,
  primary key (user_id, location_id)
);
create index user_locations_location_idx on user_locations (location_id);

-- opaque refresh tokens, stored as sha256; one family per sign-in, rotated on every use
create table refresh_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  family_id uuid not null,
  token_hash text not null unique,
  remember_me boolean not null default false,
  expires_at timestamptz not null,
  used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index refresh_tokens_family_idx on refresh_tokens (family_id);
create index refresh_tokens_user_idx on refresh_tokens (user_id);

-- failed sign-ins, for the 5-per-username-and-IP-per-15-minutes limit (shared by all processes)
create table login_failures (
  username text not null,
  ip text not null,
  failed_at timestamptz not null default now()
);
create index login_failures_key_idx on login_failures (username, ip, failed_at);

-- secrets generated once and shared by every process (the JWT signing key)
create table server_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);

-- Idempotency-Key: the first answer of a mutation, per user, replayed for 24 hours
create table idempotency_keys (
  user_id uuid not null,
  key text not null,
  method text not null,
  path text not null,
  status_code integer,
  body jsonb,
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);

create table analytics_events (
  id uuid primary key default gen_random_uuid(),
  event_type text not null,
  pallet_id uuid,
  order_id uuid,
  user_id uuid,
  location_id text not null,
  notes text,
  previous_state jsonb,
  new_state jsonb,
  scan_type text,
  scan_location text,
  scan_device_id text,
  created_at timestamptz not null default now()
);
create index analytics_events_created_idx on analytics_events (created_at);
create index analytics_events_location_idx on analytics_events (location_id, created_at);
create index analytics_events_pallet_idx on analytics_events (pallet_id) where pallet_id is not null;
create index analytics_events_order_idx on analytics_events (order_id) where order_id is not null;
create index analytics_events_user_idx on analytics_events (user_id, created_at);

create table analytics_interventions (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references analytics_events (id) on delete cascade,
  user_id uuid not null,
  body jsonb not null,
  created_at timestamptz not null default now()
);
create index analytics_interventions_event_idx on analytics_interventions (event_id);

-- the live event log: ids increase per location and are taken from a locked counter row,
-- so a transaction holding id n commits before any transaction can take n + 1
create table location_event_counters (
  location_id uuid primary key,
  last_id bigint not null
);

create table live_events (
  location_id uuid not null,
  id bigint not null,
  type text not null,
  payload jsonb not null,
  created_at timestamptz not null default now(),
  primary key (location_id, id)
);
create index live_events_created_idx on live_events (created_at);
