"""/traitors odds: an embed with the exact figure and a chart; bad input gets one ephemeral sentence."""


async def test_odds_posts_the_exact_fraction_and_a_chart(table):
    asker = table.add("asker")
    result = await asker.slash(table.channel, "traitors odds", players=22, traitors=3, games=2000)
    assert not result.ephemeral
    posted = table.channel.last_message
    (embed,) = posted.embeds
    text = " ".join(f"{f.name} {f.value}" for f in embed.fields)
    assert "33901/45056" in text and "75.2%" in text
    (attachment,) = posted.attachments
    assert attachment.filename == "odds.png"


async def test_odds_refuses_impossible_tables_privately(table):
    asker = table.add("asker")
    result = await asker.slash(table.channel, "traitors odds", players=5, traitors=5)
    assert result.ephemeral and "already won" in result.response.content
    assert all(not m.embeds for m in table.channel.history())
