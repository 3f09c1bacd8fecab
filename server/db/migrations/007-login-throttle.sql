-- The login throttle counts failures per IP as well as per username and IP, and each attempt
-- forgets every failure older than the window, so the table holds only the last 15 minutes.

create index login_failures_ip_idx on login_failures (ip, failed_at);
create index login_failures_failed_at_idx on login_failures (failed_at);
