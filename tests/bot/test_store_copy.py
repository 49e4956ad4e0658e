"""`ravenswood copy`: a bot's database moved to the other backend mid-game (SQLite into
PostgreSQL, and PostgreSQL into SQLite), the game carried on after the move, and a round trip
that gives back every row."""

from __future__ import annotations

import asyncio

import engine.traitors as tg
from bot.cli import main
from bot.store.connect import open_database
from tests.bot.test_traitors_bot import murder, open_lobby, state, traitor_ids, vote_round


async def dump(target: str) -> dict[str, list[tuple]]:
    """Every row of every table, in a fixed order."""
    db = await open_database(target)
    try:
        return {
            table: sorted(
                (tuple(row) for row in await db.fetchall(f"SELECT * FROM {table}")), key=repr
            )
            for table in await db.tables()
        }
    finally:
        await db.close()


async def ravenswood(*argv: str) -> int:
    return await asyncio.to_thread(main, list(argv))


async def test_a_game_moved_mid_night_continues_and_a_round_trip_loses_nothing(
    table, backend, new_database, postgres_server, tmp_path, capsys
):
    host, _ = await open_lobby(table, players=6)
    await host.slash(table.channel, "traitors start", traitors=1)
    (traitor,) = traitor_ids(table)
    faithful = [m.id for m in table.members if m.id != traitor]
    await vote_round(
        table,
        {voter: faithful[0] for voter in tg.living(state(table)) if voter != faithful[0]}
        | {faithful[0]: faithful[1]},
    )
    assert state(table).phase is tg.Phase.NIGHT
    before = await dump(table.db_path)
    assert before["game_actions"] and before["outbox"]

    moved = postgres_server.fresh() if backend == "sqlite" else str(tmp_path / "moved.sqlite3")
    assert await ravenswood("copy", "--from", table.db_path, "--to", moved) == 0
    assert capsys.readouterr().out.startswith(f"Copied {sum(map(len, before.values()))} rows")
    back = new_database()
    assert await ravenswood("copy", "--from", moved, "--to", back) == 0
    assert await dump(back) == before

    table.db_path = moved
    await table.restart()
    assert state(table).phase is tg.Phase.NIGHT
    await murder(table, faithful[1])  # on the DM menu sent before the move
    assert state(table).phase is tg.Phase.DAY
    assert any(f"<@{faithful[1]}> was murdered" in t for t in table.public_texts())
    after = await dump(moved)
    assert len(after["game_actions"]) > len(before["game_actions"])  # numbered after the copy


async def test_a_copy_into_a_database_in_use_is_refused_and_changes_nothing(new_database, capsys):
    source, destination = new_database(), new_database()
    for target, guild in ((source, 1), (destination, 2)):
        db = await open_database(target)
        async with db.transaction() as connection:
            await connection.execute(
                "INSERT INTO saved_scripts (guild_id, name_key, name, json, author_id) "
                "VALUES (?, 'x', 'X', '[]', 5)",
                (guild,),
            )
        await db.close()
    kept = await dump(destination)
    assert await ravenswood("copy", "--from", source, "--to", destination) == 2
    [sentence] = capsys.readouterr().err.strip().splitlines()
    assert sentence.startswith("ravenswood copy: Nothing copied: ")
    assert sentence.endswith("saved_scripts already holds rows; copy into an empty database.")
    assert await dump(destination) == kept


def test_copying_a_file_that_is_not_there_is_one_sentence(tmp_path, capsys):
    missing = tmp_path / "typo.sqlite3"
    assert main(["copy", "--from", str(missing), "--to", str(tmp_path / "to.sqlite3")]) == 2
    assert capsys.readouterr().err.strip() == (
        f"ravenswood copy: There is no database file {missing} to copy."
    )
    assert not missing.exists()
