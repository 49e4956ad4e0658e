from dataclasses import dataclass

import pytest

from engine.core import decode_action, encode_action, seeded_rng


@dataclass(frozen=True)
class Pick:
    by: int
    targets: tuple[int, ...]
    note: str | None = None


def test_action_round_trips_through_json_shapes():
    action = Pick(by=7, targets=(1, 2), note=None)
    data = encode_action(action)
    assert data == {"type": "Pick", "by": 7, "targets": (1, 2), "note": None}
    data["targets"] = list(data["targets"])  # as it comes back from JSON
    assert decode_action(data, {"Pick": Pick}) == action


def test_unknown_action_type_is_refused():
    with pytest.raises(ValueError, match="unknown action type"):
        decode_action({"type": "Nope"}, {"Pick": Pick})


def test_seeded_rng_is_deterministic_and_salted():
    assert seeded_rng(1, "night", 2).random() == seeded_rng(1, "night", 2).random()
    assert seeded_rng(1, "night", 2).random() != seeded_rng(1, "night", 3).random()


def test_a_checksum_is_of_the_plain_fingerprint_whatever_its_containers():
    from enum import Enum, StrEnum
    from types import MappingProxyType

    from engine.core import checksum, plain

    class Side(StrEnum):
        GOOD = "good"

    class Count(Enum):
        ONE = 1

    rich = {
        "a": (1, (2, 3)),
        "b": frozenset({3, 1}),
        "c": Side.GOOD,
        "m": MappingProxyType({"x": Count.ONE}),
    }
    flat = {"a": [1, [2, 3]], "b": [1, 3], "c": "good", "m": {"x": 1}}
    assert plain(rich) == flat
    assert checksum(rich) == checksum(flat) != checksum({**flat, "b": [1, 2]})
    assert checksum({4: (1,)}) == checksum({"4": [1]})
    with pytest.raises(TypeError):
        checksum({"a": object()})
