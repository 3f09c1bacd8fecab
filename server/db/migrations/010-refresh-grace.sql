-- A refresh token names the token it replaced: a rotated token presented again within the grace
-- window gets a sibling of its successor, unless that successor (or a sibling) was itself rotated,
-- which is reuse (server/modules/auth/repository.ts).
alter table refresh_tokens add column parent_id uuid references refresh_tokens (id) on delete set null;
create index refresh_tokens_parent_idx on refresh_tokens (parent_id);
