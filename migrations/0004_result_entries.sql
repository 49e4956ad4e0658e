-- Tabletop results entered by hand (/ratings record) or from a file (/ratings import), one
-- entry per command, so that the member who made it (or one with Manage Server) can undo it
-- whole, and the same games are not imported twice. An undone entry stays, marked, for the
-- audit trail; its games no longer count. Games played with the bot have no entry.

CREATE TABLE result_entries (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,                 -- who recorded or imported
    source      TEXT    NOT NULL CHECK (source IN ('record', 'import')),
    label       TEXT,                             -- the imported file's name
    digest      TEXT    NOT NULL,                 -- sha256 of the games as exported CSV rows
    games       INTEGER NOT NULL,
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    undone_at   TEXT,
    undone_by   INTEGER
);
CREATE INDEX result_entries_by_guild ON result_entries (guild_id, created_at);

ALTER TABLE results ADD COLUMN entry_id INTEGER REFERENCES result_entries (id);
CREATE INDEX results_by_entry ON results (entry_id);
