"""The Sixty-One tutorial: a solo game on a fixed roll of the dice (seed 7), six lessons from
the dice's three jobs to the leaf row's X, then the rest of the game played freely.

Every line is marked for the catalogue (``N_``), one message a line, so that the lines of a
translated step still fit the panel; the place that shows a line is to pass it through ``_()``."""

from tulipgames.i18n import N_
from tulipgames.tutorial import Script, Step

TUTORIAL = Script(
    game="sixtyone",
    seed=7,
    seats=1,
    welcome=(
        N_("Sixty-One: three shared dice a round; fill your sheet's six areas to score acorns."),
    ),
    steps=(
        Step(
            (N_("Give each die a job: the area die picks an area, the write die is the value you"),
             N_("write there, the leaf die goes to your leaf row. Mug k takes only the value k:"),
             N_("with area die 4 and write die 2, write 2 in mug 2.")),
            ("place area=4 write=2 leaf=3 spot=2",),
            why_not="place area=4 write=3 leaf=2 spot=2",
            look=N_("Mugs"),
        ),
        Step(
            (N_("Mushrooms are a path, filled in order: each value is one more or one less"),
             N_("than the one before, and 6 and 1 touch. Two dice show 1: it does not matter"),
             N_("which one does which job.")),
            ("place area=6 write=1 leaf=1 spot=1",),
            look=N_("Mushrooms"),
        ),
        Step(
            (N_("Fox burrows are a pyramid 3-2-1: an upper burrow needs both burrows below it"),
             N_("filled, and touching burrows hold different values (bottom spots 1 and 3 do"),
             N_("not touch). This round and the next fill the bottom row.")),
            ("place area=5 write=1 leaf=3 spot=3", "place area=5 write=5 leaf=1 spot=1"),
            why_not="place area=5 write=3 leaf=1 spot=4",
            look=N_("Fox burrows"),
        ),
        Step(
            (N_("Waterlilies are a path too, and every value in it differs. Mug 4 is worth 2"),
             N_("acorns. Small leaf dice here bring your leaf total to 10, one short of 11.")),
            ("place area=2 write=1 leaf=1 spot=1", "place area=4 write=4 leaf=1 spot=4"),
            look=N_("Waterlilies"),
        ),
        Step(
            (N_("A leaf total of exactly 11, 31 or 51 earns an X, placed at once in any spot"),
             N_("that could be filled: it counts as filled. Leaf die 1 makes 11; put the X"),
             N_("in Mushrooms 2, where any mushroom may follow an X.")),
            ("place area=2 write=5 leaf=1 spot=2", "x 6 2"),
            look=N_("the leaf row"),
        ),
        Step(
            (N_("Placing is mandatory when any spot fits. The game ends once your leaf total"),
             N_("reaches 61, or after round 20. Filling an area first earns 3 acorns; alone,"),
             N_("you earn it in the round you fill it.")),
            ("place area=4 write=1 leaf=5 spot=1",),
            look=N_("the score column"),
        ),
    ),
    free=(
        N_("Now play freely to the end: every choice is yours."),
        N_("Hit 21, 41 and 61 exactly for +2, +3 and +5 acorns; 31 and 51 give an X."),
    ),
)
