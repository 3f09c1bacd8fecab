-- The admin area (issue 22). An administrator may disable an account instead of deleting it: the
-- user keeps their history and can be enabled again, but signs in nowhere meanwhile.
alter table users add column disabled boolean not null default false;

-- Processes keep each signed-in user's restrictions in memory with their flags: a change of them,
-- by the API or by hand in SQL, notifies every process as a change of flags does (003).
create trigger user_restrictions_changed after insert or update or delete on user_restrictions
  for each row execute function notify_user_change('user_id');
