"""Sixty-One: how the coach judges it (the hard bot's exact evaluation).

Named by the game's kit as ``coach:PROFILE``; ``tulipgames.coach.profiles`` says what each
figure means."""

from __future__ import annotations

from collections.abc import Sequence

from tulipgames.coach.profiles import Profile
from tulipgames.engine.core import Action, State
from tulipgames.i18n import N_


# -- Sixty-One: the hard bot's exact evaluation, a pure margin --------------------------------
def _sixty_judge(state: State, seat: int, actions: Sequence[Action]) -> list[float]:
    from tulipgames.games.sixtyone.bots import Outlook, outcome, rival_outlook
    from tulipgames.games.sixtyone.rules import SixtyOneState

    assert isinstance(state, SixtyOneState)
    outlook = Outlook.of(state, seat)
    rival = rival_outlook(state, seat)
    sheet, total = state.sheets[seat], state.leaf_total(seat)
    leads = []
    for action in actions:
        value, after, new_total, _ = outcome(sheet, total, action, outlook)
        leads.append(value - (rival(new_total, after) if state.seats > 1 else 0.0))
    return leads


#: The solo par: at most this many acorns expected from a blank sheet by any play
#: (``par.par_bound(steps=7)``, an exact upper bound by Lagrangian relaxation; it takes minutes,
#: so its value from docs/bots.md's run is kept here), and the ``hard`` bot's solo average over
#: 1000 games, for scale.
SOLO_PAR = (61.16, 43.86)

PROFILE = Profile(
    "sixtyone", metric="margin", scale=8.0, thresholds=(5.0, 10.0, 20.0),
    solo_thresholds=(2.0, 5.0, 10.0), candidates=24, worlds=1,
    judge=_sixty_judge, solo_par=SOLO_PAR,
    # Translators: the unit of a Sixty-One score, after a number ("43.9 acorns").
    score_unit=N_("acorns"),
)
