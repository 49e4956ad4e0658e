-- Leases (issue 23): work that must happen on one process at a time when several share a
-- PostgreSQL database (the games' timers; the slash-command sync). A lease is held by the
-- process named in ``holder`` until ``expires_at`` (seconds since the epoch); the holder renews
-- it well before then, and when it dies another process takes it once it has expired.
-- On SQLite the one process always holds its leases (bot.leases); the table is kept the same.

CREATE TABLE leases (
    name        TEXT PRIMARY KEY,
    holder      TEXT NOT NULL,
    expires_at  DOUBLE PRECISION NOT NULL
);
