"""The Gardener (Loric): the storyteller assigns every player's character, rather than players
drawing tokens from a bag. The engine's deal is already the storyteller's: a human storyteller
gives the characters in seat order (``Start.characters``), and the bot storyteller's deal is its
own choice (its balanced bag, which it draws with the script and the table in mind), so the
Gardener changes nothing the engine does, and it runs every game beside it."""

from __future__ import annotations

from engine.clocktower.game.roles import Role


class Gardener(Role):
    id = "gardener"
    policy = "Its own balanced deal is the bot storyteller's assignment of every character."
