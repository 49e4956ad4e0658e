"""Ephemeral answers of any length: pieces within Discord's limit, the view on the last."""

from dataclasses import dataclass, field

from bot.interactions import reply


@dataclass
class Recorder:
    """Stands in for an interaction's response and followup: records each message sent."""

    sent: list[tuple[str, dict]] = field(default_factory=list)

    def is_done(self) -> bool:
        return bool(self.sent)

    async def send_message(self, content: str, **kwargs) -> None:
        self.sent.append((content, kwargs))

    send = send_message


@dataclass
class FakeInteraction:
    response: Recorder = field(default_factory=Recorder)

    @property
    def followup(self) -> Recorder:
        return self.response


async def test_a_long_answer_goes_out_in_pieces_with_the_view_last():
    interaction = FakeInteraction()
    lines = [f"Night {n}: p{n} chose somebody quite far away from here." for n in range(120)]
    await reply(interaction, "\n".join(lines), view="menu")
    sent = interaction.response.sent
    assert len(sent) > 1 and all(len(text) <= 2000 for text, _ in sent)
    assert "\n".join(text for text, _ in sent) == "\n".join(lines)  # cut only at line breaks
    assert [kwargs.get("view") for _, kwargs in sent] == [None] * (len(sent) - 1) + ["menu"]
    assert all(kwargs["ephemeral"] for _, kwargs in sent)


async def test_a_short_answer_is_one_message():
    interaction = FakeInteraction()
    await reply(interaction, "You're in.", view=None)  # no menu: nothing but the text
    assert interaction.response.sent == [("You're in.", {"ephemeral": True})]
