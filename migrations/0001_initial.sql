-- Games, their append-only action logs, and finished-game results.

CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    kind        TEXT    NOT NULL,                 -- 'traitors', 'clocktower', ...
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    host_id     INTEGER NOT NULL,                 -- who opened it (host or storyteller)
    seed        INTEGER NOT NULL,
    options     TEXT    NOT NULL DEFAULT '{}',    -- JSON: how the game was created
    status      TEXT    NOT NULL DEFAULT 'running'
                CHECK (status IN ('running', 'finished', 'abandoned')),
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    ended_at    TEXT
);
CREATE UNIQUE INDEX games_one_running_per_channel ON games (channel_id) WHERE status = 'running';

CREATE TABLE game_actions (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    seq         INTEGER NOT NULL,
    action      TEXT    NOT NULL,                 -- JSON, engine.core.encode_action
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

CREATE TRIGGER game_actions_no_update BEFORE UPDATE ON game_actions
BEGIN SELECT RAISE(ABORT, 'game_actions is append-only'); END;
CREATE TRIGGER game_actions_no_delete BEFORE DELETE ON game_actions
BEGIN SELECT RAISE(ABORT, 'game_actions is append-only'); END;

-- Messages the bot keeps up to date (lobby list, vote tally), so it can edit them after a restart.
CREATE TABLE game_messages (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    slot        TEXT    NOT NULL,
    channel_id  INTEGER NOT NULL,
    message_id  INTEGER NOT NULL,
    PRIMARY KEY (game_id, slot)
) WITHOUT ROWID;

CREATE TABLE results (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER UNIQUE REFERENCES games (id),   -- NULL for games recorded by hand
    guild_id    INTEGER NOT NULL,
    kind        TEXT    NOT NULL,
    script      TEXT,
    storyteller TEXT,                                   -- 'user:<id>' or a plain name
    winner      TEXT    NOT NULL CHECK (winner IN ('good', 'evil')),
    source      TEXT    NOT NULL DEFAULT 'bot' CHECK (source IN ('bot', 'record', 'import')),
    started_at  TEXT,
    ended_at    TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX results_by_guild_kind ON results (guild_id, kind);

CREATE TABLE result_players (
    result_id   INTEGER NOT NULL REFERENCES results (id) ON DELETE CASCADE,
    player      TEXT    NOT NULL,                 -- 'user:<id>' or a plain name
    team        TEXT    NOT NULL CHECK (team IN ('good', 'evil')),
    role        TEXT,                             -- character, 'Traitor', 'Faithful', ...
    PRIMARY KEY (result_id, player)
) WITHOUT ROWID;
