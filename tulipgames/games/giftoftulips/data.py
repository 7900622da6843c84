"""Gift of Tulips: the cards and the festival tables, exactly as the rules specification gives them.

Pure data. Every number a rule uses lives here so a table can be changed in one place.
"""

from __future__ import annotations

#: The four tulip varieties, in the order the rulebook lists them.
VARIETIES: tuple[str, ...] = ("purple", "blue", "pink", "orange")

#: variety -> (full name, letter, glyph). Purple is V (violet) because P is pink.
VARIETY_INFO: dict[str, tuple[str, str, str]] = {
    "purple": ("Tulip Greuze", "V", "◆"),
    "blue": ("Alba Coerulea Oculata", "B", "●"),
    "pink": ("Affaire Triumph", "P", "▲"),
    "orange": ("Orange Emperor", "O", "■"),
}

#: Suggested screen colours; never the only signal (letter and glyph always go with them).
VARIETY_COLOUR: dict[str, str] = {
    "purple": "#7B3FA0",
    "blue": "#3A7BD5",
    "pink": "#E75A9B",
    "orange": "#F28C28",
}

#: The values printed on tulip cards.
VALUES: tuple[int, ...] = (2, 3, 4)

#: Copies of each (variety, value) card per set. House rule: the publisher gives only the set
#: sizes (72 base, 24 for 5/6 players); an even split matches them.
COPIES: dict[str, int] = {"base": 6, "56": 2}

#: Whether the 5/6 set joins the deck, by player count.
USE_56_SET: dict[int, bool] = {2: False, 3: False, 4: False, 5: True, 6: True}

#: Cards taken off the top, unseen, before seeding the festival, by player count.
REMOVE_AT_SETUP: dict[int, int] = {2: 18, 3: 4, 4: 6, 5: 14, 6: 10}

#: Points for the giver on top of the card's value, by festival place (4 = 4th or unranked).
GIVE_BONUS: dict[int, int] = {1: 3, 2: 2, 3: 1, 4: 0}

#: Points for keeping a card, by festival place (4 = 4th or unranked).
KEEP_POINTS: dict[int, int] = {1: 0, 2: 0, 3: 1, 4: 2}

#: players -> scored place -> majority levels [Maj1, Maj2, Maj3] (only the printed ones).
MAJORITY: dict[int, dict[int, list[int]]] = {
    2: {1: [15], 2: [10], 3: [5]},
    3: {1: [15, 10], 2: [10, 7], 3: [5, 3]},
    4: {1: [15, 10], 2: [10, 7], 3: [5, 3]},
    5: {1: [15, 10, 5], 2: [10, 7, 4], 3: [5, 3, 1]},
    6: {1: [15, 10, 5], 2: [10, 7, 4], 3: [5, 3, 1]},
}

#: How many secret festival cards are flipped at the end (all of them if fewer).
SECRET_REVEAL_COUNT = 5

#: Turns each seat gets; it follows from the counts above and is checked by the tests.
TURNS_PER_PLAYER: dict[int, int] = {2: 12, 3: 10, 4: 7, 5: 7, 6: 6}

#: Places that score majorities at the end; the 4th place never does.
SCORED_PLACES: tuple[int, ...] = (1, 2, 3)

#: The place a variety with no face-up festival card counts as for Give and Keep.
UNRANKED_PLACE = 4
