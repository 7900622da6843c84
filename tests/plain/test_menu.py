"""The plain menu reaches what the full-screen menu does: rules as prose, history,
statistics, the solo challenge and today's deal, with a real store."""

from __future__ import annotations

from pathlib import Path

from tulipgames import games
from tulipgames.engine.core import SeatSpec
from tulipgames.plain.menu import LineConsole, daily_seed, plain_menu
from tulipgames.plain.rules import prose
from tulipgames.plain.session import PlainSession
from tulipgames.plain.speech import unspeakable
from tulipgames.store import Store
from tulipgames.table import Table


def menu(store: Store, answers: list[str], player: str | None = None) -> list[str]:
    feed = iter(answers)
    out: list[str] = []
    console = LineConsole(lambda: next(feed, None), out.append, lambda text: None, echo=True,
                          player=player)
    plain_menu(store, console)
    return out


def test_rules_are_prose_without_tables_or_keys() -> None:
    for game_id in games.GAME_IDS:
        lines = prose(games.get_game(game_id).rules_markdown())
        text = "\n".join(lines)
        assert "|" not in text and "**" not in text and "`" not in text
        assert not [line for line in lines if unspeakable(line)], game_id
        assert "Keys" not in text and "Esc" not in text, game_id
    sixty = prose(games.get_game("sixtyone").rules_markdown())
    assert ("Area 1 Pumpkins: spots, 2 pumpkins of 2 eyes; what may be written, both eyes of a "
            "pumpkin hold the same value; acorns, 3 per complete pumpkin.") in sixty
    assert "Bonus: 11, X; 21, +2; 31, X; 41, +3; 51, X; 61, +5." in sixty


def finished_game(store: Store) -> Table:
    """A Sixty-One game of Ana (answering 1 every time) and a bot, played to the end and saved
    in ``store``."""
    table = Table.new(games.get_game("sixtyone"), [SeatSpec("Ana"), SeatSpec("Ben", "bot")], 4,
                      bot_delay=0)
    store.create(table)
    feed = iter(["1"] * 2000)
    PlainSession(table, lambda: next(feed, None), lambda line: None).run()
    assert table.is_over
    return table


def test_the_menu_reaches_rules_history_statistics_solo_and_daily(tmp_path: Path) -> None:
    store = Store(tmp_path)
    table = finished_game(store)
    out = menu(store, ["rules", "5", "history", "statistics Ana", "daily", "quit", "solo",
                       "quit", "7"])
    said = "\n".join(out)
    assert "Or type: rules, history, statistics, solo, daily, tutorial, replay." in said
    assert "Section: The leaf row." in said
    result = table.result()
    assert f"Game {table.save_id}, Sixty-One" in said and f"Ana {result.totals[0]}" in said
    assert "Ana, Sixty-One, 2 players: 1 game" in said
    assert said.count("The Little Flower Shop. Players: You.") == 2
    variants = sorted(s.variant for s in store.saves(empty=True))
    assert variants == ["daily", "solo"], variants
    daily = next(s for s in store.saves(empty=True) if s.variant == "daily")
    assert store.load(daily.id).record.seed == daily_seed()


def test_one_player_games_say_what_enter_alone_seats(tmp_path: Path) -> None:
    out = menu(Store(tmp_path), ["5", "", "quit", "1", "", "quit", "7"])
    said = "\n".join(out)
    assert "Enter alone: you alone, a solo game." in said
    assert "Sixty-One. Players: You. Type help" in said
    assert "Enter alone: you and one bot." in said
