-- Nothing lost between the database and Discord, and logs that survive an upgrade.
--
-- outbox: every message an accepted action causes, written in the same transaction as the
-- action, then delivered in order and marked. What a crash interrupted is delivered after the
-- restart; a message that may already have gone out is looked for before it is sent again.
--
-- games.rules_version and game_actions.checksum: the rules version that started a game, and a
-- digest of the game's fingerprint after each action, compared when the log is replayed.

ALTER TABLE games ADD COLUMN rules_version INTEGER;      -- NULL: opened before versions were kept
ALTER TABLE game_actions ADD COLUMN checksum TEXT;       -- NULL: logged before checksums were kept

CREATE TABLE outbox (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES games (id),
    seq         INTEGER NOT NULL,                 -- the log entry (game_actions.seq) that caused it
    kind        TEXT    NOT NULL CHECK (kind IN ('post', 'dm', 'notice', 'reply')),
    recipient   INTEGER,                          -- a user id (dm, reply); NULL: the game's channel
    body        TEXT    NOT NULL,                 -- JSON: the rendered message (bot.delivery.pack)
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    outcome     TEXT    CHECK (outcome IN ('sent', 'edited', 'found', 'closed', 'unreached',
                                              'failed', 'superseded')),
    message_id  INTEGER,                          -- the Discord message it became
    settled_at  TEXT                              -- NULL while it waits to be delivered
);
CREATE INDEX outbox_waiting ON outbox (game_id, id) WHERE settled_at IS NULL;
CREATE INDEX outbox_by_game ON outbox (game_id, seq);
