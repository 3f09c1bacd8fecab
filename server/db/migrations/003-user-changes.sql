-- Processes keep signed-in users (their flags and locations) in memory. A change to a user, by
-- the API or by hand in SQL, notifies every process to read that user again.

create function notify_user_change() returns trigger language plpgsql as $$
begin
  -- the column naming the user is the trigger's argument (id on users, user_id elsewhere)
  if tg_op <> 'INSERT' then
    perform pg_notify('user_changes', to_jsonb(old) ->> tg_argv[0]);
  end if;
  if tg_op <> 'DELETE' then
    perform pg_notify('user_changes', to_jsonb(new) ->> tg_argv[0]);
  end if;
  return null;
end
$$;

create trigger users_changed after update or delete on users
  for each row execute function notify_user_change('id');
create trigger user_permissions_changed after insert or update or delete on user_permissions
  for each row execute function notify_user_change('user_id');
create trigger user_locations_changed after insert or update or delete on user_locations
  for each row execute function notify_user_change('user_id');
