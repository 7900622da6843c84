"""A hint on request: the coach's best choice in a game in progress, and why in one line.

The same judgement as the post-game analysis (:func:`tulipgames.coach.core.weigh`): the
position is first determinized for the seat (``State.determinize``, as every bot is handed its
position), so the hint is computed only from what that seat can see, however the caller got
the state. No choice has been made yet, so the candidates are every legal choice when there are
few, else the normal bot's choice and the rest spread over the legal list.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tulipgames.coach.core import PROFILE_BUDGET, Budget, ChoiceValue, candidates, suggestion
from tulipgames.coach.core import weigh as weigh_choices
from tulipgames.coach.profiles import profile
from tulipgames.engine.core import Game, State
from tulipgames.i18n import N_, _, ngettext


@dataclass(frozen=True)
class Hint:
    """The coach's choices for one seat at one decision, best first.

    ``unit`` is "win %" when rivals are to be beaten (the values compared are win chances),
    "points" alone (expected final score). ``legal`` counts every legal choice, ``choices``
    the weighed ones."""

    seat: int
    legal: int
    unit: str
    choices: tuple[ChoiceValue, ...]

    @property
    def best(self) -> str:
        return self.choices[0].action

    def worth(self, choice: ChoiceValue) -> float:
        """The figure choices are compared by: a win chance, or alone the expected score."""
        return choice.lead if self.unit == "points" else choice.win

    @property
    def gain(self) -> float:
        """What the best choice is estimated to gain over the next best (0 when alone)."""
        if len(self.choices) < 2:
            return 0.0
        return round(self.worth(self.choices[0]) - self.worth(self.choices[1]), 1)

    @property
    def gain_over_average(self) -> float:
        """What the best choice gains over the average of the other choices weighed."""
        others = self.choices[1:]
        if not others:
            return 0.0
        mean = sum(self.worth(c) for c in others) / len(others)
        return round(self.worth(self.choices[0]) - mean, 1)

    def line(self) -> str:
        """The hint in one line in the session's language, the action in the game's own
        notation ("bid 7")."""
        top = self.choices[0]
        if self.unit == "points":
            why = _("expected score {score}").format(score=f"{top.lead:.1f}")
        else:
            why = _("win chance {chance}% (lead {lead})").format(chance=f"{top.win:.0f}",
                                                                lead=f"{top.lead:+.1f}")
        if len(self.choices) < 2:
            return _("Coach: {move} — {why}.").format(move=top.action, why=why)
        second = self.choices[1]
        others = len(self.choices) - 1
        return ngettext(
            "Coach: {move} — {why}; {gain} {unit} over the next best ({second}), {average} "
            "over the average of the {n} other weighed.",
            "Coach: {move} — {why}; {gain} {unit} over the next best ({second}), {average} "
            "over the average of the {n} others weighed.", others,
        ).format(move=top.action, why=why, gain=f"{self.gain:+.1f}", unit=_(self.unit),
                 second=second.action, average=f"{self.gain_over_average:+.1f}", n=others)


def hint_rng(seed: int, actions: int) -> random.Random:
    """The hint's random source: the game's seed and how far it is, so asking twice at the
    same position gives the same hint."""
    return random.Random(f"hint:{seed}:{actions}")


def hint(
    game: Game, state: State, seat: int, rng: random.Random,
    budget: Budget = PROFILE_BUDGET,
) -> Hint | None:
    """The coach's choices for ``seat`` in ``state`` (``None`` when it has no choice to make).

    Reads only what ``seat`` can see: the state is determinized for it before anything else."""
    world = state.determinize(seat, rng)
    legal = world.legal_actions(seat)
    if len(legal) < 2:
        return None
    prof = profile(game.id)
    most = budget.candidates or prof.candidates
    suggested = suggestion(world, seat, prof, game, rng)
    choices = candidates(legal, suggested, suggested, most)
    values = weigh_choices(world, seat, choices, rng, prof, budget.worlds or prof.worlds)
    solo = world.seats == 1
    weighed = [
        ChoiceValue(str(action), round(100.0 * chance, 2), round(lead, 2))
        for action, (chance, lead) in zip(choices, values, strict=True)
    ]
    order = {c.action: i for i, c in enumerate(weighed)}
    ranked = sorted(
        weighed,
        key=lambda c: ((c.lead,) if solo else (c.win, c.lead), -order[c.action]),
        reverse=True,
    )
    return Hint(seat, len(legal), N_("points") if solo else N_("win %"), tuple(ranked))
