"""/traitors odds: an embed with the exact figure and a chart; bad input gets one ephemeral sentence."""

import pytest
from simcord import OptionError

from stats.odds import max_games

# The simulation runs in a thread in real time; a loaded machine may need more than SimCord's
# default five seconds to settle (this is no speed test: benchmarks/bench_odds.py is).
pytestmark = pytest.mark.simcord(settle_timeout=60)


def fields(message) -> dict[str, str]:
    (embed,) = message.embeds
    return {f.name: f.value for f in embed.fields}


def assert_refused_privately(table, result, words: str) -> None:
    assert result.ephemeral
    text = result.response.content
    assert words in text and "\n" not in text and text.endswith(".")
    assert all(not m.embeds for m in table.channel.history())


async def test_odds_posts_the_exact_fraction_and_a_chart(table):
    asker = table.add("asker")
    result = await asker.slash(table.channel, "traitors odds", players=22, traitors=3, games=2000)
    assert not result.ephemeral
    posted = table.channel.last_message
    shown = fields(posted)
    assert "33901/45056" in shown["Traitor win (exact)"] and "75.2%" in shown["Traitor win (exact)"]
    assert "model: uniform banishment (random voting)" in shown["Traitor win (exact)"]
    assert shown["Fewest Traitors with ≥ 50%"] == "2 (uniform banishment (random voting))"
    (attachment,) = posted.attachments
    assert attachment.filename == "odds.png"


async def test_a_simulation_only_pair_says_so_instead_of_borrowing_random_voting(table):
    asker = table.add("asker")
    await asker.slash(
        table.channel,
        "traitors odds",
        players=22,
        traitors=3,
        faithful_strategy="vote-left",
        traitor_strategy="random",
        punish=True,
        games=1000,
    )
    shown = fields(table.channel.last_message)
    assert shown["Traitor win (exact)"] == "n/a (simulation only)"
    assert shown["Fewest Traitors with ≥ 50%"] == "n/a (simulation only)"
    assert shown["Expected rounds (simulated)"]
    rate = float(shown["Simulated (1,000 games)"].split("%")[0])
    assert rate < 2  # the Traitors' random votes give them away, and they are punished


async def test_collusion_names_its_own_model(table):
    asker = table.add("asker")
    await asker.slash(
        table.channel, "traitors odds", players=22, traitors=3, traitor_strategy="collude"
    )
    shown = fields(table.channel.last_message)
    assert "94.5%" in shown["Traitor win (exact)"]
    assert "model: random Faithful vs colluding Traitors" in shown["Traitor win (exact)"]


async def test_big_tables_are_capped_and_still_answer(table):
    asker = table.add("asker")
    cap = max_games(1000)
    refused = await asker.slash(
        table.channel, "traitors odds", players=1000, traitors=30, games=cap + 1
    )
    assert_refused_privately(table, refused, f"between 1 and {cap:,} games for 1000 players")
    answered = await asker.slash(table.channel, "traitors odds", players=1000, traitors=30)
    assert not answered.ephemeral
    assert f"Simulated ({cap:,} games)" in fields(table.channel.last_message)


@pytest.mark.parametrize(
    "options, words",
    [
        ({"players": 5, "traitors": 5}, "already won"),
        ({"players": 9, "traitors": 7}, "already won"),
        ({"players": 12, "traitors": 2, "punish": True}, "Punishment needs the Faithful"),
        ({"players": 1000, "traitors": 3, "games": 200_000}, "between 1 and"),
    ],
)
async def test_bad_requests_get_one_private_sentence(table, options, words):
    asker = table.add("asker")
    result = await asker.slash(table.channel, "traitors odds", **options)
    assert_refused_privately(table, result, words)


@pytest.mark.parametrize(
    "options",
    [
        {"players": 2, "traitors": 1},
        {"players": 10, "traitors": 0},
        {"players": 10, "traitors": 2, "games": 10**9},
        {"players": 10, "traitors": 2, "faithful_strategy": "psychic"},
        {"players": 10, "traitors": 2, "traitor_strategy": "bribe"},
    ],
)
async def test_discord_itself_refuses_out_of_range_options(table, options):
    # the command declares ranges and choices, so Discord's client rejects these before the
    # bot is called; the report's own checks (tests/stats/odds) cover the same cases offline
    asker = table.add("asker")
    with pytest.raises(OptionError):
        await asker.slash(table.channel, "traitors odds", **options)
    assert all(not m.embeds for m in table.channel.history())
