"""Every sentence of the plain mode spoken well: each game's transcript at every seat count
(bots playing, seeded; the first seat answering among the listed choices and asking the named
queries now and then) holds no unfilled placeholder, no markup and no symbol a synthesizer
reads badly; every decision is said in at most six lines."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tulipgames import games
from tulipgames.engine.core import SeatSpec
from tulipgames.plain.session import TURN_LINES, PlainSession
from tulipgames.plain.speech import speaker, unspeakable
from tulipgames.plain.transcripts import per_decision, played, transcript
from tulipgames.table import Table

SEAT_COUNTS = [
    (game_id, n)
    for game_id in games.GAME_IDS
    for n in range(games.info(game_id).min_players, games.info(game_id).max_players + 1)
]
MARKUP = re.compile(r"\*\*|\[/?[a-z ]+\]|^#|\|")


@pytest.mark.parametrize(("game_id", "players"), SEAT_COUNTS)
def test_every_line_is_speakable_and_every_turn_short(game_id: str, players: int) -> None:
    table, lines = played(game_id, players, seed=42)
    final = [line for line in lines if line.startswith("Final scores:")][-1]
    result = table.result()
    assert final == "Final scores: " + ", ".join(
        f"{name} {total}" for name, total in zip(table.names, result.totals, strict=True)) + "."
    said = [line for line in lines if not line.startswith(">")]
    bad = [(line, unspeakable(line)) for line in said if unspeakable(line)]
    assert not bad, bad[:5]
    assert not [line for line in said if MARKUP.search(line)]
    longest = max(per_decision(lines), key=len)
    assert len(longest) <= TURN_LINES, longest


def test_shorthand_is_said_in_words() -> None:
    spice = Table.new(games.get_game("spiceroad"), [SeatSpec("Ana"), SeatSpec("Ben")], 1)
    speak = speaker(spice)
    assert speak("Ana played YYYYY → BB ×1") == (
        "Ana played trade 5 turmeric for 2 cinnamon, once")
    assert speak("Ben played Upgrade 2: Y→R, R→G") == (
        "Ben played Upgrade 2: turmeric to saffron, saffron to cardamom")
    assert speak("{seat1} claimed a 6th point card") == "Ben claimed a 6th point card"
    # a negative score after a name ending in a number is not a range
    assert speak("Final scores: Bot 2 -9, Mugs 1-6.") == "Final scores: Bot 2 -9, Mugs 1 to 6."
    gift = Table.new(games.get_game("giftoftulips"), [SeatSpec("Ana"), SeatSpec("Ben")], 1)
    assert speaker(gift)("Place 1: Ana (Maj 1st ◆V 10, Maj 2nd ▲P 5)") == (
        "Place 1: Ana (majority 1st purple 10, majority 2nd pink 5)")
    shop = Table.new(games.get_game("flowershop"), [SeatSpec("Ana")], 1)
    assert speaker(shop)("Ana moves SR2 (T×2) to L5.") == "Ana moves SR2 (2 tulips) to low spot 5."


def test_a_blocked_die_is_named_by_its_value() -> None:
    """"Die 1 cannot be the area die" meant the die at index 1: with a roll 4 3 1, the 3."""
    game = games.get_game("sixtyone")
    for seed in range(200):
        table = Table.new(game, [SeatSpec("Ana")], seed)
        feed = iter(["1"] * 60 + ["quit"])
        out: list[str] = []
        PlainSession(table, lambda f=feed: next(f, None), out.append, echo=True).run()
        hits = [line for line in out if "cannot be the area die" in line]
        if hits:
            break
    assert hits, "no roll with a blocked die in 200 seeds"
    assert not any(re.search(r"\bDie \d", line) for line in out)
    assert re.search(r"The [1-6] cannot be the area die", hits[0])


def test_a_sample_is_spoken_by_espeak(tmp_path: Path) -> None:
    """What text checks miss: espeak-ng reads a whole decision of each game to a sound file."""
    espeak = shutil.which("espeak-ng")
    assert espeak, "espeak-ng is installed in CI (apt-get install espeak-ng)"
    for game_id in games.GAME_IDS:
        decision = next(d for d in per_decision(transcript(game_id, 2, 42)) if len(d) > 2)
        wav = tmp_path / f"{game_id}.wav"
        subprocess.run([espeak, "-w", str(wav), " ".join(decision)], check=True,
                       timeout=60)
        assert wav.stat().st_size > 10_000


def test_tulip_and_rose_bouquets_being_split_are_described() -> None:
    table = Table.new(games.get_game("tulipandrose"), [SeatSpec("Ana"), SeatSpec("Ben", "bot")],
                      42)
    feed = iter(["3", "2", "look", "bouquets", "hand", "quit"])
    out: list[str] = []
    PlainSession(table, lambda: next(feed, None), out.append, echo=True).run()
    said = "\n".join(out)
    assert "Ana is Seller. Revealed carnation 4, iris 1, rose 1" in said
    look = said[said.index("> look"):said.index("> bouquets")]
    assert "So far bouquet 1: empty; bouquet 2: iris 1; bouquet 3: carnation 4. " in look
    asked = said[said.index("> bouquets"):said.index("> hand")]
    assert "Still to place: rose 1, tulip 4, Semper Augustus 4" in asked
    assert "Your Special Order" in said[said.index("> hand"):]


def test_gift_of_tulips_counts_the_turns_each_player_has_left() -> None:
    """48 cards at two seats are 24 turns of the table, 12 for each player (the game ends
    after 12 turns each), not "about 24 more turns each"."""
    table = Table.new(games.get_game("giftoftulips"), [SeatSpec("Ana"), SeatSpec("Ben", "bot")],
                      42)
    feed = iter(["1", "look", "scores", "quit"])
    out: list[str] = []
    PlainSession(table, lambda: next(feed, None), out.append, echo=True).run()
    said = "\n".join(out)
    table_turns = table.turn(0).view.turns_left
    left = (table_turns + 1) // 2
    assert f"about {left} more turns each" in said
    assert f"About {left} more turns each." in said
    assert f"about {table_turns} more" not in said.lower()


def test_the_seller_is_offered_the_high_bid_not_the_keep_price() -> None:
    """"Sell for 67 or keep for 34" lists "sell it for 67" (it said "sell it for 34")."""
    lines = transcript("tulipandrose", 3, 42, queries=False)
    offers = [(re.search(r"sell for (\d+) or keep for (\d+)", line), i)
              for i, line in enumerate(lines)]
    found = [(m, i) for m, i in offers if m]
    assert found
    for match, i in found:
        choices = " ".join(lines[i + 1 : i + 3])
        assert f"sell it for {match[1]}" in choices and f"keep it for {match[2]}" in choices


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_hot_seat_turns_are_short_too(game_id: str) -> None:
    """Two people at one keyboard and a bot: the hand-over and each decision stay within six
    lines (Enter alone, which says the question again, too)."""
    import random

    table = Table.new(games.get_game(game_id),
                      [SeatSpec("Ana"), SeatSpec("Ben"), SeatSpec("Cy", "bot:random")], 5,
                      bot_delay=0)
    rng = random.Random(game_id)
    out: list[str] = []
    PlainSession(table, lambda: str(rng.randint(1, 3)) if rng.random() < 0.9 else "",
                 out.append, echo=True).run()
    assert table.is_over
    assert max(len(d) for d in per_decision(out)) <= TURN_LINES
    assert not [line for line in out if not line.startswith(">") and unspeakable(line)]
