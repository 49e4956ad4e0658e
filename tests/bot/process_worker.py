"""One bot process of the multi-process test, as an OS process the test can kill -9.

``python -m tests.bot.process_worker --db URL --name a [--ttl 1.5] [--orphaned 1.0]`` runs one
``Node`` (tests/bot/cluster_node.py) on the database, and takes its orders from the test on
stdin, one JSON line each (``{"id": 1, "do": "press", "game": 3}``), answering each on stdout
with a JSON line carrying the same id. Orders run side by side, as Discord's events do:

- ``start``: hold or wait for the clocks lease.       - ``status``: whether it holds, its clocks.
- ``open``: open the test's games here (their ids).   - ``press``: a night choice in a DM.
- ``owe``: accept a night choice in one of ``games`` and stop delivering anything, so the test
  can kill the process while it owes that choice's messages (their outbox ids, or none).
- ``quiet``: the clocks stop acting.                   - ``stop``: shut down cleanly and exit.

Its log goes to stderr, which the test keeps to show if the process fails.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sys
from typing import Any

from bot import cluster
from bot.store.connect import open_database
from tests.bot.cluster_node import TTL, Node, open_games


async def owe(node: Node, games: list[int]) -> dict[str, Any]:
    """Pause every send, then accept a night choice in the first of ``games`` that has one
    open and causes messages: they stay undelivered until the process dies. None of them: sends
    resume and the answer says so. Either way, how many choices it accepted."""
    node.courier.free.clear()
    accepted = 0
    for game_id in games:
        chosen = await node.choose(game_id)
        if chosen is None:
            continue
        accepted += 1
        session, entry = chosen
        owed = [p.id for p in session.outbox.parcels if p.seq == entry]
        if owed:
            return {"game": game_id, "owed": owed, "accepted": accepted}
    node.courier.free.set()
    return {"game": None, "owed": [], "accepted": accepted}


async def obey(node: Node, order: dict[str, Any], stopped: asyncio.Event) -> dict[str, Any]:
    match order["do"]:
        case "start":
            node.steward.start()
            return {}
        case "status":
            return {"holds": node.steward.holds, "clocks": sorted(node.clock.tasks)}
        case "open":
            return {"games": await open_games(node)}
        case "press":
            return {"accepted": await node.press(order["game"])}
        case "owe":
            return await owe(node, order["games"])
        case "quiet":
            node.quiet = True
            node.clock.stop()
            return {}
        case "stop":
            await node.stop()
            stopped.set()
            return {}
    raise ValueError(f"no such order: {order['do']!r}")


def answer(reply: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()


async def serve(db: str, name: str, ttl: float) -> None:
    node = Node(name, await open_database(db), ttl=ttl)
    orders = asyncio.StreamReader()
    loop = asyncio.get_running_loop()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(orders), sys.stdin)
    stopped = asyncio.Event()
    running: set[asyncio.Task[None]] = set()

    async def carry_out(order: dict[str, Any]) -> None:
        try:
            reply = {"id": order["id"], **await obey(node, order, stopped)}
        except Exception as error:
            logging.exception("order %s failed", order)
            reply = {"id": order["id"], "error": repr(error)}
        answer(reply)

    answer({"id": 0, "ready": name})
    while not stopped.is_set():
        line = await orders.readline()
        if not line:  # the test is gone: so is this process
            break
        order = json.loads(line)
        task = asyncio.create_task(carry_out(order))
        running.add(task)
        task.add_done_callback(running.discard)
        if order["do"] == "stop":
            await task


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True, help="the postgresql:// URL of the test's schema")
    parser.add_argument("--name", required=True, help="this process, as the lease names it")
    parser.add_argument("--ttl", type=float, default=TTL, help="the clocks lease's life (s)")
    parser.add_argument(
        "--orphaned", type=float, default=1.0, help="bot.cluster.ORPHANED: a dead one's wait (s)"
    )
    args = parser.parse_args(argv)
    cluster.ORPHANED = args.orphaned
    logging.basicConfig(
        level=logging.WARNING, format=f"%(asctime)s {args.name} %(name)s %(levelname)s %(message)s"
    )
    asyncio.run(serve(args.db, args.name, args.ttl))


if __name__ == "__main__":
    main()
