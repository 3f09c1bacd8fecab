-- Processes remember which refresh families are revoked, so that an access token of a signed-out
-- or stolen session is refused at once. A revocation, by the API or by hand in SQL, notifies every
-- process (a family revoked in one statement notifies once: equal payloads merge in a transaction).

create function notify_session_revoked() returns trigger language plpgsql as $$
begin
  perform pg_notify('session_revocations', new.family_id::text);
  return null;
end
$$;

create trigger refresh_token_revoked after update of revoked_at on refresh_tokens
  for each row when (old.revoked_at is null and new.revoked_at is not null)
  execute function notify_session_revoked();
