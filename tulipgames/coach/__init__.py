"""The coach: every decision of a finished game graded from what its seat could see.

See docs/coach.md. :func:`analyse` works in this process, :func:`analyse_parallel` on every
core; :func:`analyse_decision` and :func:`weigh` judge one position (for hints and puzzles).
"""

from tulipgames.coach.core import (
    Analysis,
    Budget,
    ChoiceValue,
    Decision,
    Performance,
    analyse,
    analyse_decision,
    weigh,
)
from tulipgames.coach.profiles import GRADES, PROFILES, Profile, grade, profile
from tulipgames.coach.run import analyse_parallel

__all__ = [
    "GRADES",
    "PROFILES",
    "Analysis",
    "Budget",
    "ChoiceValue",
    "Decision",
    "Performance",
    "Profile",
    "analyse",
    "analyse_decision",
    "analyse_parallel",
    "grade",
    "profile",
    "weigh",
]
