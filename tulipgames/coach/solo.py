"""After a Sixty-One solo game: the score beside the par, and what the coach says was lost where.

**Par** is :func:`tulipgames.games.sixtyone.par.par_bound`: an upper bound, computed exactly
(by Lagrangian relaxation), on the best expected solo score any way of playing can reach from a
blank sheet. Computing it takes minutes, so its value is kept here
(:data:`SIXTYONE_PAR`, from docs/bots.md's run: ``par_bound(steps=7)``); the ``hard`` bot
averages 43.9 acorns solo against it.

**Lost where**: the coach's analysis of the game (:func:`tulipgames.coach.core.analyse`;
Sixty-One's judgement is the hard bot's exact evaluation, alone the expected final score) adds
up the expected acorns each decision gave away against the coach's best, and names the
costliest decisions by their round and roll.
"""

from __future__ import annotations

from tulipgames.coach.core import Analysis

#: The solo par bound: at most this many acorns expected from a blank sheet
#: (``par_bound(steps=7)``: placement price 2.21, X price 2.23; see docs/bots.md).
SIXTYONE_PAR = 61.16
#: The ``hard`` bot's solo average over 1000 games (docs/bots.md), for scale.
SIXTYONE_HARD_SOLO = 43.86


def wants_solo_report(game_id: str, seats: int) -> bool:
    """Whether a finished game gets the par and the coach's figure: Sixty-One alone."""
    return game_id == "sixtyone" and seats == 1


def par_line(score: int) -> str:
    """The score beside the par, in one line."""
    gap = SIXTYONE_PAR - score
    return (f"Par: at most {SIXTYONE_PAR:.1f} acorns expected from the best play "
            f"(the hard bot averages {SIXTYONE_HARD_SOLO:.1f}); you scored {score}, "
            f"{abs(gap):.1f} {'under' if gap >= 0 else 'over'} par.")


def where(prompt: str) -> str:
    """A decision's place in the game from its prompt ("Round 14, roll 3 4 5: pick ...")."""
    return prompt.split(":", 1)[0]


def lost_lines(analysis: Analysis, count: int = 3) -> list[str]:
    """The coach's total of expected acorns lost, then the costliest decisions, one a line."""
    decisions = analysis.decisions
    total = sum(d.loss for d in decisions)
    lines = [f"The coach: {total:.1f} acorns lost (expected) over {len(decisions)} decisions"
             + (";" if analysis.costliest(count) else ", every one the coach's best.")]
    for decision in analysis.costliest(count):
        lines.append(f"  {where(decision.prompt)}: {decision.made} lost {decision.loss:.1f} "
                     f"(coach: {decision.best})")
    return lines
