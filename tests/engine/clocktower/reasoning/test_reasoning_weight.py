"""``Weight``: what the model reads of one heard item, and how it reads it under the Vortox."""

from __future__ import annotations

import numpy as np

from engine.clocktower.reasoning.moment import Weight, fires_on


def test_information_that_must_be_false_is_never_what_may_be_true():
    """An Empath's count (three answers, one true) is one of the two false ones; a yes-or-no
    the other one, surely; a hook that knows better says so (``false``)."""
    w = Weight(np.array([1.0, 0.0, 0.25, 0.0]), 1 / 3)
    np.testing.assert_allclose(w.misinformed(), [0.0, 1 / 2, 0.0, 1 / 2])
    assert Weight(np.array([1.0, 0.0]), 1 / 2).misinformed().tolist() == [0.0, 1.0]
    told = Weight(np.array([1.0, 0.0]), 1 / 3, false=np.array([0.9, 0.5]))
    assert told.misinformed().tolist() == [0.9, 0.5]


def test_a_public_event_is_read_alike_under_the_vortox():
    shot = fires_on(np.array([True, False]), np.array([True, True]), False)
    assert not shot.informs
    assert shot.misinformed().tolist() == shot.sober.tolist() == [0.0, 1.0]


def test_a_weight_follows_its_worlds_when_they_are_taken():
    w = Weight(np.array([1.0, 0.0, 0.5]), 0.5, np.array([1.0, 1.0, 0.0]), np.array([0, 1, 2.0]))
    taken = w.take(np.array([2, 0]))
    assert taken.sober.tolist() == [0.5, 1.0]
    assert taken.herring is not None and taken.herring.tolist() == [0.0, 1.0]
    assert taken.false is not None and taken.false.tolist() == [2.0, 0.0]
    assert taken.impaired == 0.5 and taken.informs
