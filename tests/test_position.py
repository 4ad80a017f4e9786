"""Position: an impossible deal cannot be built, and every problem is reported at once."""

from __future__ import annotations

import pytest

from claimcheck.cards import Card, Seat, Strain, Suit
from claimcheck.errors import PlayError, PositionError
from claimcheck.position import Position, trick_winner
from claimcheck.tricks import Pair, Tricks


def c(text: str) -> Card:
    return Card.parse(text)


def test_play_follows_suit_counts_tricks_and_records_show_outs() -> None:
    p = Position.from_pbn("N:AK... Q2... 43... 5.A..", trump="NT", leader="N")
    assert p.to_play is Seat.N and p.tricks_left == 2
    q = p.play(c("SA")).play(c("SQ")).play(c("S3")).play(c("S5"))
    assert q.leader is Seat.N and q.won == Tricks(1, 0) and q.trick == ()
    assert q.tricks_left == 1


def test_a_revoke_and_a_card_not_held_are_refused() -> None:
    p = Position.from_pbn("N:AK... Q2... 43... 5.A..", trump="NT", leader="N").play(c("SA"))
    with pytest.raises(PlayError, match="must follow suit"):
        Position.from_pbn("N:AK... Q.2.. 43... 5.A..", trump="NT", leader="N").play(
            c("SA")).play(c("H2"))
    with pytest.raises(PlayError, match="does not hold"):
        p.play(c("SK"))


def test_every_problem_is_reported_at_once() -> None:
    with pytest.raises(PositionError) as info:
        Position.build([[c("SA")], [c("SA")], [], [c("S2"), c("S3")]], "X", "N", to_play="S")
    problems = info.value.problems
    assert any("unknown trump 'X'" in p for p in problems)
    assert any("SA is twice in the deal (North's hand and East's hand)" in p for p in problems)
    assert any("hand lengths do not fit" in p for p in problems)
    assert any("South cannot be to play" in p for p in problems)
    assert len(problems) == 4


def test_card_in_hand_and_trick_and_a_revoke_in_the_trick() -> None:
    with pytest.raises(PositionError) as info:
        Position.build([[c("SA")], [c("H2"), c("S3")], [c("S4"), c("S5")], [c("S6"), c("S7")]],
                       "NT", "N", [c("SA"), c("H3")])
    text = str(info.value)
    assert "SA is both in North's hand and in the trick in progress" in text
    with pytest.raises(PositionError, match="a revoke"):
        Position.build([[], [c("S3")], [c("S4"), c("S5")], [c("S6"), c("S7")]],
                       "NT", "N", [c("SA"), c("H3")])


def test_wrong_seat_to_play_names_whose_turn_it_is() -> None:
    with pytest.raises(PositionError, match="so it is East's turn"):
        Position.build([[c("S2")], [c("S3"), c("S4")], [c("S5"), c("S6")], [c("S7"), c("S8")]],
                       "S", "N", [c("SA")], to_play="W")


def test_trick_winner_trumps_and_suits() -> None:
    trick = [c("SA"), c("S2"), c("H2"), c("SK")]
    assert trick_winner(trick, Seat.N, Strain.NT) is Seat.N
    assert trick_winner(trick, Seat.N, Strain.H) is Seat.S


def test_pbn_round_trip_keeps_the_trick_in_progress() -> None:
    p = Position.from_pbn("N:AK2... Q43... 765... JT9...", trump="S", leader="W")
    q = p.play(c("SJ")).play(c("SA"))
    again = Position.from_pbn(q.to_pbn(), trump="S", leader="W", trick=q.trick)
    assert again.hands == q.hands and again.trick == q.trick


def test_rotation_moves_every_seat() -> None:
    p = Position.build([[c("SA")], [c("S2")], [c("S3")], [c("S4")]], "NT", "W",
                       declarer="S", won=Tricks(3, 9),
                       shown_out=[(Seat.E, Suit.H)])
    r = p.rotate(1)
    assert r.hands[Seat.E] == p.hands[Seat.N] and r.leader is Seat.N
    assert r.declarer is Seat.W and r.won == Tricks(9, 3)
    assert (Seat.S, Suit.H) in r.shown_out
    assert Pair.of(Seat.E) is Pair.EW and r.won.pov(Pair.NS) == 9


def test_play_builds_the_same_position_as_the_constructor() -> None:
    """Position.play skips the validation of the position it builds (``_played``): its fields
    must be the constructor's, in order, and the result equal to a validated one."""
    import dataclasses

    from claimcheck import position as module

    assert module._FIELDS == tuple(f.name for f in dataclasses.fields(module.Position))
    pos = module.Position.from_pbn("N:AK.2.. Q2.3.. J3.4.. T4.5..", "S", "W")
    for card in ("S4", "SK", "S2", "S3"):
        pos = pos.play(module.Card.parse(card))
        rebuilt = module.Position(pos.hands, pos.trump, pos.leader, pos.trick, pos.declarer,
                                  pos.won, pos.shown_out)
        assert rebuilt == pos
