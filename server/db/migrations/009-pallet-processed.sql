-- The kleinpak console (issue 20): a pallet that went to small packing is processed. It leaves the
-- stock as a shipped one does, but on no order; processed_at dates it for the day's list.
alter table pallets drop constraint pallets_status_check;
alter table pallets add constraint pallets_status_check check (status in ('active', 'shipped', 'processed'));
alter table pallets add column processed_at timestamptz;
create index pallets_location_processed_at on pallets (location_id, processed_at) where processed_at is not null;
