-- Clocktower scripts a server saved by name (/script save), for later games.
-- name_key is the name case-folded with its spaces collapsed, so "Trouble  brewing II" and
-- "trouble brewing ii" are the same script; name keeps the spelling the storyteller chose.

CREATE TABLE saved_scripts (
    guild_id    INTEGER NOT NULL,
    name_key    TEXT    NOT NULL,
    name        TEXT    NOT NULL,
    json        TEXT    NOT NULL,                 -- normalised by engine Script.to_json()
    author_id   INTEGER NOT NULL,                 -- who saved this version
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (guild_id, name_key)
) WITHOUT ROWID;
