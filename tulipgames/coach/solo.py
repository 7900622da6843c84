"""After a solo game with a known par (Sixty-One): the score beside the par, and what the coach
says was lost where.

**Par** is the game's coach profile's ``solo_par``: an upper bound on the best expected solo
score any way of playing can reach from a blank sheet (Sixty-One's is computed exactly by
Lagrangian relaxation in its folder's ``par.py``), beside the ``hard`` bot's solo average.

**Lost where**: the coach's analysis of the game (:func:`tulipgames.coach.core.analyse`;
Sixty-One's judgement is the hard bot's exact evaluation, alone the expected final score) adds
up the expected score each decision gave away against the coach's best, and names the
costliest decisions by their round and roll.
"""

from __future__ import annotations

from tulipgames.coach.core import Analysis
from tulipgames.i18n import N_, _, ngettext


def unit(game_id: str) -> str:
    """What the game's score is counted in (its coach profile's ``score_unit``)."""
    from tulipgames.coach.profiles import profile

    try:
        return profile(game_id).score_unit
    except KeyError:
        return N_("points")


def solo_par(game_id: str) -> tuple[float, float] | None:
    """The game's solo par and the hard bot's solo average (``None``: no par known)."""
    from tulipgames.coach.profiles import profile

    try:
        return profile(game_id).solo_par
    except KeyError:
        return None


def wants_solo_report(game_id: str, seats: int) -> bool:
    """Whether a finished game gets the par and the coach's figure: alone, where a par is
    known."""
    return seats == 1 and solo_par(game_id) is not None


def par_line(game_id: str, score: int) -> str:
    """The score beside the par, in one line."""
    known = solo_par(game_id)
    assert known is not None, game_id
    par, hard = known
    gap = par - score
    words = (_("Par: at most {par} {unit} expected from the best play (the hard bot averages "
               "{hard}); you scored {score}, {gap} under par.") if gap >= 0 else
             _("Par: at most {par} {unit} expected from the best play (the hard bot averages "
               "{hard}); you scored {score}, {gap} over par."))
    return words.format(par=f"{par:.1f}", unit=_(unit(game_id)), hard=f"{hard:.1f}",
                        score=score, gap=f"{abs(gap):.1f}")


def where(prompt: str) -> str:
    """A decision's place in the game from its prompt ("Round 14, roll 3 4 5: pick ...")."""
    return prompt.split(":", 1)[0]


def lost_lines(analysis: Analysis, count: int = 3) -> list[str]:
    """The coach's total of expected score lost, then the costliest decisions, one a line."""
    decisions = analysis.decisions
    total = sum(d.loss for d in decisions)
    lines = [ngettext("The coach: {total} {unit} lost (expected) over {n} decision",
                      "The coach: {total} {unit} lost (expected) over {n} decisions",
                      len(decisions)).format(total=f"{total:.1f}", unit=_(unit(analysis.game)),
                                             n=len(decisions))
             + (";" if analysis.costliest(count) else _(", every one the coach's best."))]
    for decision in analysis.costliest(count):
        lines.append("  " + _("{where}: {made} lost {loss} (coach: {best})").format(
            where=where(decision.prompt), made=decision.made, loss=f"{decision.loss:.1f}",
            best=decision.best))
    return lines
