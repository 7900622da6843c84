"""Records replay to the identical state; undo follows the information policy."""

from __future__ import annotations

import json

import pytest

from tests.engine.toygame import NIM
from tulipgames.engine.core import IllegalAction, SeatSpec
from tulipgames.engine.record import GameRecord, RecordError, can_undo, replay
from tulipgames.table import Table


def make_record(actions: list[tuple[int, str]]) -> GameRecord:
    return GameRecord("nim", 5, [SeatSpec("Ana"), SeatSpec("Ben", "bot:random")], {}, 1, actions)


def test_record_round_trips_through_json() -> None:
    record = make_record([(0, "take 2"), (1, "peek")])
    again = GameRecord.loads(record.dumps())
    assert again == record
    assert again.seats[1].bot_level == "random"


def test_replay_reaches_the_same_state() -> None:
    record = make_record([(0, "take 2"), (1, "take 3"), (0, "peek"), (0, "take 1")])
    first, second = replay(NIM, record), replay(NIM, record)
    assert first.state.pile == 15 - 6
    assert repr(first.state.view(0)) == repr(second.state.view(0))
    assert first.state.rng.getstate() == second.state.rng.getstate()


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{not json", "not a record"),
        ("[1, 2]", "JSON object"),
        ('{"game": "nim"}', "damaged"),
        (json.dumps({**make_record([]).to_json(), "format": 99}), "newer"),
    ],
)
def test_bad_records_give_reasons(text: str, reason: str) -> None:
    with pytest.raises(RecordError, match=reason):
        GameRecord.loads(text)


def test_replay_rejects_an_illegal_action_with_its_number() -> None:
    with pytest.raises(RecordError, match="action 2"):
        replay(NIM, make_record([(0, "take 2"), (0, "take 1")]))


def test_replay_rejects_newer_rules_and_other_games() -> None:
    record = make_record([])
    record.rules_version = 7
    with pytest.raises(RecordError, match="newer"):
        replay(NIM, record)
    record.rules_version, record.game = 1, "chess"
    with pytest.raises(RecordError, match="not 'nim'"):
        replay(NIM, record)


def test_undo_only_own_quiet_actions() -> None:
    loaded = replay(NIM, make_record([(0, "take 2")]))
    assert can_undo(loaded.applied, 0)
    assert not can_undo(loaded.applied, 1)
    loaded = replay(NIM, make_record([(0, "take 2"), (1, "peek")]))
    assert not can_undo(loaded.applied, 1), "a peek revealed information"
    assert not can_undo(loaded.applied, 0), "another seat acted since"


def test_table_saves_before_notifying_and_undoes_by_replay() -> None:
    order: list[str] = []
    table = Table.new(
        NIM,
        [SeatSpec("Ana"), SeatSpec("Ben")],
        seed=2,
        persist=lambda t: order.append(f"save {len(t.record.actions)}"),
    )
    table.subscribe(lambda t: order.append(f"notify {len(t.record.actions)}"))
    table.play(0, "take 3")
    assert order == ["save 1", "notify 1"]
    table.undo(0)
    assert table.state.pile == 15 and table.record.actions == []
    with pytest.raises(IllegalAction, match="nothing to undo"):
        table.undo(0)


def test_table_rejects_unreadable_notation_without_change() -> None:
    table = Table.new(NIM, [SeatSpec("Ana"), SeatSpec("Ben")], seed=2)
    with pytest.raises(IllegalAction, match="cannot read"):
        table.play(0, "grab everything")
    assert table.record.actions == [] and table.state.pile == 15


def test_table_new_checks_seats_and_levels() -> None:
    with pytest.raises(ValueError, match="2-3 players"):
        Table.new(NIM, [SeatSpec("Solo")], seed=1)
    with pytest.raises(ValueError, match="no bot level"):
        Table.new(NIM, [SeatSpec("Ana"), SeatSpec("Ben", "bot:genius")], seed=1)


async def test_bot_driver_plays_bot_seats_until_a_human_must_act() -> None:
    import asyncio

    table = Table.new(NIM, [SeatSpec("Ana"), SeatSpec("Ben", "bot:random")], seed=4, bot_delay=0)
    table.play(0, "take 1")
    table.ensure_bots_running()
    for _ in range(200):
        if table.state.is_over() or table.state.to_act() == (0,):
            break
        await asyncio.sleep(0.01)
    assert table.state.is_over() or table.state.to_act() == (0,)
    assert any(seat == 1 for seat, _ in table.record.actions)


def test_table_log_starts_with_what_setup_did() -> None:
    from tulipgames.engine.core import Event

    table = Table.new(NIM, [SeatSpec("Ana"), SeatSpec("Ben")], seed=2)
    table.state.setup_events.append(Event("the pile is built"))
    table.play(0, "take 1")
    assert [e.text for e in table.events()] == ["the pile is built", "{seat0} takes 1"]
