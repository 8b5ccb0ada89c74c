-- Every like, comment and repost rewrites its post's row for the count. With the default
-- fillfactor (100) a post's page is full the day it is written, so that update is never HOT:
-- the new row version goes to another page and all nine of messages' indexes (two of them GIN)
-- get an entry for it. Leaving 15% of each new page free keeps the counts' updates on the page
-- (HOT: no index entry at all) for the posts people are engaging with, which are the new ones.
-- Existing pages keep their layout until they are rewritten.
ALTER TABLE messages SET (fillfactor = 85);
