-- Voice rooms (issue 24): the voice channel a game is linked to, every channel the bot makes
-- for it, and the mover's intent, so a crash mid-dusk is finished after the restart and no
-- channel the bot made outlives its game.
--
-- voice_links: a game's town square (round table) and the category of its private rooms.
-- voice_channels: every channel the bot made; a row is written, with its name, before the
-- channel is created, so one created just before a crash is found again by name.
-- voice_moves: each move the bot means to make, settled with how it went.
-- voice_spectators: who watches a game from its town square (never a private room).

CREATE TABLE voice_links (
    game_id      INTEGER PRIMARY KEY REFERENCES games (id),
    guild_id     INTEGER NOT NULL,
    square_id    INTEGER NOT NULL,             -- the linked voice channel
    category_id  INTEGER,                      -- the category of the game's rooms, once made
    follow       INTEGER NOT NULL DEFAULT 1,   -- a human storyteller visits each woken player
    phase        TEXT                          -- the phase whose moves were last planned
);

CREATE TABLE voice_channels (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES games (id),
    room        TEXT    NOT NULL,              -- the room's key: category, cottage:<id>, turret…
    name        TEXT    NOT NULL,
    channel_id  INTEGER,                       -- NULL while it is being created
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    deleted_at  TEXT                           -- set once the channel is gone
);
CREATE INDEX voice_channels_open ON voice_channels (game_id) WHERE deleted_at IS NULL;

CREATE TABLE voice_moves (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES games (id),
    phase       TEXT    NOT NULL,
    member      INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,              -- where to
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    outcome     TEXT    CHECK (outcome IN ('moved', 'in place', 'absent', 'refused',
                                              'superseded')),
    settled_at  TEXT
);
CREATE INDEX voice_moves_waiting ON voice_moves (game_id, id) WHERE settled_at IS NULL;

CREATE TABLE voice_spectators (
    game_id  INTEGER NOT NULL REFERENCES games (id),
    user_id  INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
