"""Sixty-One solo par: an upper bound on the best expected solo score any policy can reach.

Solitaire Yahtzee is solved exactly by a dynamic programme over its score sheets (about half a
million states). A Sixty-One sheet has far more: the six areas alone hold about 60 000 spot
patterns, their product is astronomically large, and the leaf total and round multiply it
again. So the par here is a **bound**, computed exactly, by *Lagrangian relaxation* of the two
rules that tie the areas together:

* **one placement a round** (rule 4.3): each area is allowed to take a write in every round in
  which the roll offers it one (a die showing the area and another a value the area accepts),
  but pays a price ``price`` for every write, and the sheet is paid ``price`` for each of the
  rounds;
* **an X goes where the leaf row earned it** (rule 4.7): the leaf row sells each X it earns for
  ``x_price`` and every area may buy one X a round at that price.

Every real policy is feasible in the relaxed problem and pays no net price there (it writes at
most once a round and places exactly the X it earns), so for every ``price >= 0`` and every
``x_price`` the relaxed optimum, which splits into one small dynamic programme per area and one
for the leaf row, is at least the true optimum. The relaxation also forgets that the leaf die is
the die the placement left over, that placing is mandatory, and that a game the leaf row ends
early ends for the areas too (each area may play all 20 rounds): all of it only raises the
bound. :func:`par_bound` minimises over the two prices.

The per-area tables are the exact values of the relaxed areas, so a bot can read them as "what
this area is still worth with ``r`` rounds left, a placement costing ``price``"
(:func:`area_tables`).

State counts are kept small by symmetry: dice values are independent and uniform, so values
that an area's rules treat alike (all but the area's own number, which the area die also shows)
can be relabelled in order of first appearance; paths keep only what their next spot depends on.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from itertools import permutations, product

from tulipgames.games.sixtyone.data import (
    AREA_SPOTS,
    AREAS,
    END_TOTAL,
    FIRST_FILL_BONUS,
    LEAF_BONUS,
    MAX_ROUNDS,
)
from tulipgames.games.sixtyone.rules import (
    EMPTY,
    Cells,
    X,
    area_acorns,
    area_full,
    legal_spots,
    x_spots,
)

#: The 216 equally likely ordered rolls.
ALL_ROLLS: tuple[tuple[int, ...], ...] = tuple(product(range(1, 7), repeat=3))
#: The leaf row sees only which values a roll shows: (values, chance).
LEAF_CHOICES: tuple[tuple[tuple[int, ...], float], ...] = tuple(
    (values, n / len(ALL_ROLLS)) for values, n in
    sorted(Counter(tuple(sorted(set(roll))) for roll in ALL_ROLLS).items()))


def writable(roll: tuple[int, ...], area: int) -> int:
    """The values (as a bit mask, value v = bit v-1) a roll can write in ``area``: one die must
    show the area number, another die the value (rule 4.3)."""
    mask = 0
    for i, a in enumerate(roll):
        if a == area:
            for j, w in enumerate(roll):
                if j != i:
                    mask |= 1 << (w - 1)
    return mask


@cache
def write_masks(area: int) -> tuple[tuple[int, float], ...]:
    """(mask of writable values, chance) over the 216 rolls, for one area."""
    counts = Counter(writable(roll, area) for roll in ALL_ROLLS)
    return tuple((mask, n / len(ALL_ROLLS)) for mask, n in sorted(counts.items()))


@cache
def best_value_chances(area: int) -> dict[tuple[int, ...], tuple[float, ...]]:
    """For each order of the six values (0-5 for 1-6, best first), the chance that the k-th is
    the best one a roll lets the area write: it is writable and none before it is. A pattern's
    expected round is then a sum over its own order of its write values, instead of a maximum
    per roll."""
    masks = write_masks(area)
    table = {}
    for order in permutations(range(6)):
        chances = []
        for k, v in enumerate(order):
            before = sum(1 << u for u in order[:k])
            chances.append(sum(c for mask, c in masks if mask >> v & 1 and not mask & before))
        table[order] = tuple(chances)
    return table


def canonical(area: int, cells: Cells) -> Cells:
    """A representative of the spot patterns of ``area`` that have the same future.

    Paths (waterlilies, mushrooms) score per filled spot and accept a value by the set of values
    used (waterlilies) or the last spot (mushrooms), so only those are kept; in the other areas
    (not the mugs: mug k takes k only) and in the waterlilies' value set, every value but the
    area's own number plays the same part and is relabelled by first appearance (the area
    number is special: the area die shows it, so writing it needs two dice showing it).
    """
    if area == 6:
        filled = sum(1 for c in cells if c != EMPTY)
        if filled == 0:
            return cells
        return (X,) * (filled - 1) + (cells[filled - 1],) + (EMPTY,) * (len(cells) - filled)
    if area == 4:
        return cells  # mug k takes the value k only: no two values play the same part
    if area == 2:
        values = sorted(c for c in cells if 1 <= c <= 6)
        filled = sum(1 for c in cells if c != EMPTY)
        cells = (*values, *(X,) * (filled - len(values)), *(EMPTY,) * (len(cells) - filled))
    relabel: dict[int, int] = {area: area}
    free = iter(v for v in range(1, 7) if v != area)
    out = []
    for c in cells:
        if 1 <= c <= 6:
            if c not in relabel:
                relabel[c] = next(free)
            out.append(relabel[c])
        else:
            out.append(c)
    if area == 2:
        values = sorted(c for c in out if 1 <= c <= 6)
        out = [*values, *(c for c in out if not 1 <= c <= 6)]
    return tuple(out)


def area_gain(area: int, before: Cells, after: Cells, bonus: int = FIRST_FILL_BONUS) -> int:
    """Acorns gained by a change of one area: its spot acorns, plus ``bonus`` when it completes
    the area (solo always gains the first-fill bonus, rule 4.8; a bot also asks what an area is
    worth without it, for a bonus a rival may take first)."""
    done = bonus if area_full(after) and not area_full(before) else 0
    return area_acorns(after, area) - area_acorns(before, area) + done


@dataclass(frozen=True)
class AreaGraph:
    """The canonical spot patterns of one area and their moves: ``writes[v][i]`` lists
    (acorns gained, next pattern) for writing value v in pattern i, ``xs[i]`` the same for an X.
    """

    area: int
    states: tuple[Cells, ...]
    index: dict[Cells, int]
    writes: dict[int, tuple[tuple[tuple[int, int], ...], ...]]
    xs: tuple[tuple[tuple[int, int], ...], ...]


def _write(cells: Cells, spot: int, mark: int) -> Cells:
    return (*cells[: spot - 1], mark, *cells[spot:])


@cache
def area_graph(area: int, bonus: int = FIRST_FILL_BONUS) -> AreaGraph:
    """Every canonical pattern reachable from the empty area, with its moves (``bonus``: what
    completing the area pays)."""
    start = canonical(area, (EMPTY,) * AREA_SPOTS[area])
    order = [start]
    index = {start: 0}
    moves: list[tuple[dict[int, list[tuple[int, Cells]]], list[tuple[int, Cells]]]] = []
    position = 0
    while position < len(order):
        cells = order[position]
        position += 1
        writes = {v: [(area_gain(area, cells, after, bonus), canonical(area, after))
                      for after in (_write(cells, s, v) for s in legal_spots(cells, area, v))]
                  for v in range(1, 7)}
        xs = [(area_gain(area, cells, after, bonus), canonical(area, after))
              for after in (_write(cells, s, X) for s in x_spots(cells, area))]
        for found in [*(n for ms in writes.values() for _, n in ms), *(n for _, n in xs)]:
            if found not in index:
                index[found] = len(order)
                order.append(found)
        moves.append((writes, xs))

    def numbered(found: Iterable[tuple[int, Cells]]) -> tuple[tuple[int, int], ...]:
        return tuple(sorted({(gain, index[cells]) for gain, cells in found}))

    return AreaGraph(
        area=area,
        states=tuple(order),
        index=index,
        writes={v: tuple(numbered(w[v]) for w, _ in moves) for v in range(1, 7)},
        xs=tuple(numbered(x) for _, x in moves),
    )


@dataclass(frozen=True)
class AreaTable:
    """The relaxed values of one area: ``value[r][i]`` is what pattern i is still worth with
    ``r`` rounds left (before the round's roll), every write costing ``price`` and every X
    ``x_price``."""

    graph: AreaGraph
    price: float
    x_price: float
    value: tuple[tuple[float, ...], ...]

    def worth(self, cells: Cells, rounds: int) -> float:
        """The table's value of an area's spots as they stand (the acorns already earned not
        included), with ``rounds`` rounds left."""
        return self.value[max(0, min(rounds, len(self.value) - 1))][
            self.graph.index[canonical(self.graph.area, cells)]]


def solve_area(area: int, price: float, x_price: float, rounds: int = MAX_ROUNDS,
               bonus: int = FIRST_FILL_BONUS) -> AreaTable:
    """Backward induction over the rounds left: each round the area may take one write the roll
    offers (paying ``price``) and then one X (paying ``x_price``), or neither; completing it
    pays ``bonus``."""
    graph = area_graph(area, bonus)
    count = len(graph.states)
    values: list[tuple[float, ...]] = [(0.0,) * count]
    for _ in range(rounds):
        later = values[-1]
        # What a pattern is worth at the end of this round, after an optional X.
        settled = [max([later[i], *(g - x_price + later[j] for g, j in graph.xs[i])])
                   for i in range(count)]
        written = {v: [max((g - price + settled[j] for g, j in graph.writes[v][i]),
                           default=float("-inf")) for i in range(count)]
                   for v in range(1, 7)}
        chances = best_value_chances(area)
        now = []
        for i, stay in enumerate(settled):
            worth = [written[v][i] for v in range(1, 7)]
            order = tuple(sorted(range(6), key=worth.__getitem__, reverse=True))
            expected = stay
            for chance, v in zip(chances[order], order, strict=True):
                if worth[v] <= stay:
                    break  # the rest are no better than writing nothing
                expected += chance * (worth[v] - stay)
            now.append(expected)
        values.append(tuple(now))
    return AreaTable(graph, price, x_price, tuple(values))


def leaf_worth(total: int, x_price: float) -> float:
    """What reaching ``total`` exactly pays the relaxed leaf row: its acorns, or ``x_price``
    for an X it sells to the areas."""
    bonus = LEAF_BONUS.get(total, 0)
    return x_price if bonus == "X" else float(bonus)


def solve_leaf(x_price: float, rounds: int = MAX_ROUNDS) -> tuple[dict[int, float], ...]:
    """``value[r][total]``: the best expected leaf income with ``r`` rounds left from a leaf
    total below 61, the leaf die chosen freely from each roll (the game ends at 61)."""
    values: list[dict[int, float]] = [dict.fromkeys(range(END_TOTAL), 0.0)]
    for _ in range(rounds):
        later = values[-1]
        now = {}
        for total in range(END_TOTAL):
            now[total] = sum(
                chance * max(leaf_worth(total + d, x_price)
                             + (later[total + d] if total + d < END_TOTAL else 0.0)
                             for d in values)
                for values, chance in LEAF_CHOICES)
        values.append(now)
    return tuple(values)


def bound(price: float, x_price: float, rounds: int = MAX_ROUNDS,
          sheet: tuple[Cells, ...] | None = None, total: int = 0) -> float:
    """The Lagrangian bound on the best expected acorns still to come, from ``sheet`` (blank if
    ``None``) and leaf total ``total`` with ``rounds`` rounds left, for one pair of prices
    (``price >= 0``). Valid for every such pair: :func:`par_bound` picks the lowest."""
    if price < 0:
        raise ValueError("the placement price must be at least 0")
    if total >= END_TOTAL or rounds <= 0:
        return 0.0
    cells = sheet or tuple((EMPTY,) * AREA_SPOTS[a] for a in AREAS)
    leaf = solve_leaf(x_price, rounds)[rounds][total]
    areas = sum(solve_area(a, price, x_price, rounds).worth(cells[a - 1], rounds) for a in AREAS)
    return rounds * price + leaf + areas


def _golden(f: Callable[[float], float], low: float, high: float, steps: int
            ) -> tuple[float, float]:
    """(argmin, min) of a function that is convex on [low, high], by golden-section search."""
    ratio = (5 ** 0.5 - 1) / 2
    a, b = low, high
    c, d = b - ratio * (b - a), a + ratio * (b - a)
    fc, fd = f(c), f(d)
    for _ in range(steps):
        if fc <= fd:
            b, d, fd = d, c, fc
            c = b - ratio * (b - a)
            fc = f(c)
        else:
            a, c, fc = c, d, fd
            d = a + ratio * (b - a)
            fd = f(d)
    return (c, fc) if fc <= fd else (d, fd)


@dataclass(frozen=True)
class Par:
    """The solo par bound and the prices that give it."""

    bound: float
    price: float
    x_price: float


def par_bound(steps: int = 12) -> Par:
    """The lowest Lagrangian bound on the best expected solo score from a blank sheet.

    The bound is a convex function of the two prices (a maximum of functions linear in them),
    so a golden-section search on each, nested, finds its minimum."""
    def best_for_x(x_price: float) -> tuple[float, float]:
        return _golden(lambda p: bound(p, x_price), 0.0, 6.0, steps)

    x_price, _ = _golden(lambda x: best_for_x(x)[1], 0.0, 8.0, steps)
    price, value = best_for_x(x_price)
    return Par(value, price, x_price)
