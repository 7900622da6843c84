"""Records stay language-neutral: a game played in German is recorded exactly as the same game
played in English (actions, not words), and its replay reads in whatever language its viewer
speaks: made in German, replayed in French."""

from __future__ import annotations

import random

import pytest

from tulipgames import games, i18n
from tulipgames.engine.core import SeatSpec
from tulipgames.engine.record import GameRecord
from tulipgames.replay import ReplayTable
from tulipgames.table import Table


def played(game_id: str, lang: str, moves: int = 12) -> Table:
    """The same seeded random moves, chosen and played in ``lang``."""
    game = games.get_game(game_id)
    rng = random.Random(5)
    with i18n.using(lang):
        table = Table.new(game, [SeatSpec("Ana"), SeatSpec("Ben")], seed=5)
        while not table.is_over and len(table.record.actions) < moves:
            seat = table.to_act()[0]
            table.play(seat, rng.choice(table.turn(seat).legal))
    return table


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_a_record_made_in_german_replays_in_french(game_id: str) -> None:
    german = played(game_id, "de")
    english = played(game_id, "en")
    assert german.record.dumps() == english.record.dumps()  # no word of German in it

    record = GameRecord.loads(german.record.dumps())
    viewer = ReplayTable(games.get_game(game_id), record)
    with i18n.using("fr"):
        french = viewer.log_for(None)
    with i18n.using("de"):
        german_log = viewer.log_for(None)
    english_log = viewer.log_for(None)
    assert len(french) == len(german_log) == len(english_log) > 0
    assert english_log == english.log_for(None)
    # the log is put into words for each reader: French and German differ from the English
    assert sum(f != e for f, e in zip(french, english_log, strict=True)) > len(english_log) // 2
    assert sum(f != g for f, g in zip(french, german_log, strict=True)) > len(english_log) // 2
