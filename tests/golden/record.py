"""Record the golden logs: whole games of every kind, stored exactly as the bot stores them.

    python -m tests.golden.record

Run it only when a game's rules change on purpose (and that game's ``RULES_VERSION`` is raised):
the committed logs are the promise that a game started under today's rules replays the same
after any refactoring. Each game is played through the bot's own ``SessionManager`` (a fresh
SQLite file, the real log rows with their checksums); the final fingerprint is kept beside it.

- ``traitors.json``: nine players, two Traitors, recruitment on; seeded random ballots (changed
  now and then, a vote the host closes early), murders, two accepted recruit offers and a
  player who leaves, until a side wins.
- ``clocktower-bot.json``: Trouble Brewing, seven players and a Traveller, the bot storyteller,
  played by the self-play table until a side wins.
- ``clocktower-human.json``: the same with a (simulated) human storyteller answering every
  ruling, acting for a waking player now and then, and one undo.
- ``cluedo.json``: a notebook of fourteen suggestions and an undo, as the Cluedo cog stores it,
  with the exact figures its solver gives.
"""

from __future__ import annotations

import asyncio
import json
import random
import tempfile
from pathlib import Path
from typing import Any

import engine.clocktower.game as ct
import engine.traitors as tg
from bot.cogs.clocktower.rules import ClocktowerRules
from bot.cogs.traitors import TraitorsRules
from bot.sessions import GameRules, Session, SessionManager
from bot.store import cluedo as cluedo_store
from bot.store.connect import open_database
from engine.clocktower.catalogue import edition_characters
from engine.clocktower.selfplay import Player
from engine.cluedo import event_to_json, solution_report, undo
from engine.cluedo.simulate import simulate
from engine.core import RuleError, plain

HERE = Path(__file__).parent
TB = tuple(c.id for c in edition_characters("tb"))
STORYTELLER = 99


def traitors_turn(state: tg.State, rng: random.Random, departed: list[int]) -> Any:
    """The next action of a seeded random table."""
    if state.round == 2 and not departed and state.phase is tg.Phase.DAY:
        departed.append(tg.living(state)[-1])
        return tg.Depart(departed[0])
    prompts = tg.open_prompts(state)
    if not prompts:
        return tg.OpenVote(state.host)
    if state.phase is tg.Phase.VOTE and state.ballots and rng.random() < 0.04:
        return tg.CloseVote(state.host)
    prompt = rng.choice(prompts)
    who = rng.choice(prompt.to)
    if prompt.kind == "recruit_answer":
        return tg.RecruitAnswer(who, rng.random() < 0.7)
    target = rng.choice([o for o in prompt.options if o != who] or list(prompt.options))
    kind = {"vote": tg.Vote, "murder": tg.Murder, "recruit_pick": tg.RecruitPick}[prompt.kind]
    return kind(who, target)


async def play(manager: SessionManager, session: Session, next_action, undo_at: int = -1) -> None:
    turn = 0
    while manager.get(session.game.id) is session:
        try:
            await manager.apply(session, next_action(session.state))
        except RuleError:
            continue
        turn += 1
        if turn == undo_at:
            await manager.undo(session)


async def record_game(
    directory: str,
    rules: GameRules,
    host: int,
    seed: int,
    options: dict,
    joins,
    next_action,
    undo_at: int = -1,
) -> dict[str, Any]:
    db = await open_database(f"{directory}/{rules.kind}-{seed}.sqlite3")
    try:
        manager = SessionManager(db, [rules])
        session = await manager.open(rules.kind, 1, seed, host, options, seed=seed)
        for action in joins:
            await manager.apply(session, action)
        await play(manager, session, next_action, undo_at)
        rows = await db.fetchall(
            "SELECT action, checksum FROM game_actions WHERE game_id = ? ORDER BY seq",
            (session.game.id,),
        )
    finally:
        await db.close()
    return {
        "kind": rules.kind,
        "rules_version": rules.version,
        "game": {"host": host, "seed": seed, "options": options},
        "log": [[json.loads(r["action"]), r["checksum"]] for r in rows],
        "fingerprint": plain(rules.fingerprint(session.state)),
    }


async def traitors(directory: str) -> dict[str, Any]:
    rng, departed = random.Random(10), []  # a seed whose game has two recruits
    joins = [tg.Join(p) for p in range(2, 10)] + [tg.Start(1, 2)]
    return await record_game(
        directory,
        TraitorsRules(),
        1,
        11,
        {"recruit": True},
        joins,
        lambda state: traitors_turn(state, rng, departed),
    )


async def clocktower(directory: str, human: bool) -> dict[str, Any]:
    seed = 24 if human else 3  # 24: a long game that uses the storyteller's tools too
    table = Player(seed, arrivals=0 if human else 1)
    host = STORYTELLER if human else 1
    seated = range(1, 8) if human else range(2, 8)
    joins = [ct.Join(p) for p in seated] + [ct.Join(8, traveller=True), ct.Start(host)]
    options = {"script": list(TB), "script_name": "Trouble Brewing", "bot": not human}
    return await record_game(
        directory, ClocktowerRules(), host, seed, options, joins, table.act, 40 if human else -1
    )


def cluedo() -> dict[str, Any]:
    *_, (notebook, truth) = simulate(players=4, seed=7, turns=14)
    entries = [["event", json.dumps(event_to_json(e), sort_keys=True)] for e in notebook.events]
    entries.append(["undo", None])
    report = solution_report(undo(notebook), top=3)
    return {
        "kind": "cluedo",
        "setup": cluedo_store.setup_json(notebook),
        "entries": entries,
        "envelope": list(truth.envelope),
        "consistent_deals": report["consistent_deals"],
        "top_solutions": report["top_solutions"],
    }


async def main() -> None:
    with tempfile.TemporaryDirectory() as directory:
        games = {
            "traitors": await traitors(directory),
            "clocktower-bot": await clocktower(directory, human=False),
            "clocktower-human": await clocktower(directory, human=True),
        }
    games["cluedo"] = cluedo()
    for name, game in games.items():
        path = HERE / f"{name}.json"
        path.write_text(json.dumps(game, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"{path.name}: {len(game.get('log', game.get('entries', [])))} entries")


if __name__ == "__main__":
    asyncio.run(main())
