-- Dutch and English (issue 29). A user's language is kept with the user, so their phone and
-- desktop agree; null: not chosen yet, the browser's languages decide. A location's labels print
-- in its own language, whoever prints them, since a label outlives who printed it.
alter table users add column locale text check (locale in ('en', 'nl'));
alter table locations add column label_locale text not null default 'en' check (label_locale in ('en', 'nl'));
