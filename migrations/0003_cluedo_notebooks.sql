-- Cluedo notebooks (/cluedo): each user's own, one open per user per server.
-- A notebook is its setup plus an append-only list of entries; replaying the entries in order
-- (an 'undo' entry drops the latest entry still standing) rebuilds it exactly, and the list
-- keeps every entry ever made, undone ones included, for the audit trail.

CREATE TABLE cluedo_notebooks (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    setup       TEXT    NOT NULL,                 -- JSON: players, me, my_cards, hand_sizes
    status      TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'ended')),
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    ended_at    TEXT
);
CREATE UNIQUE INDEX cluedo_one_open_notebook ON cluedo_notebooks (guild_id, user_id)
    WHERE status = 'open';

CREATE TABLE cluedo_entries (
    notebook_id INTEGER NOT NULL REFERENCES cluedo_notebooks (id),
    seq         INTEGER NOT NULL,
    kind        TEXT    NOT NULL CHECK (kind IN ('event', 'undo')),
    event       TEXT,                             -- JSON, engine.cluedo.event_to_json; NULL for undo
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (notebook_id, seq),
    CHECK ((kind = 'event') = (event IS NOT NULL))
) WITHOUT ROWID;

CREATE TRIGGER cluedo_entries_no_update BEFORE UPDATE ON cluedo_entries
BEGIN SELECT RAISE(ABORT, 'cluedo_entries is append-only'); END;
CREATE TRIGGER cluedo_entries_no_delete BEFORE DELETE ON cluedo_entries
BEGIN SELECT RAISE(ABORT, 'cluedo_entries is append-only'); END;
