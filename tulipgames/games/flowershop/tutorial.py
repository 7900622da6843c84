"""The Little Flower Shop tutorial: the solo challenge on a fixed deal (seed 2), lessons on
flipping and keeping, fitting flowers into vases, salaries and vases, then free play."""

from tulipgames.i18n import N_
from tulipgames.tutorial import Script, Step

TUTORIAL = Script(
    game="flowershop",
    seed=2,
    seats=1,
    welcome=(
        N_("The Little Flower Shop, alone: fill the 8 vase spots of your window with flowers"),
        N_("that fit them, hang baskets, keep your trash small. Petals are Flower Power (FP)."),
    ),
    steps=(
        Step(
            (N_("Alone, you flip the cards of pile 1 one at a time: keep one (the rest of the"),
             N_("pile is discarded) or discard it to see the next. These 2 roses fit none of"),
             N_("your vases: discard them.")),
            ("discard",),
            look=N_("the flipped card"),
        ),
        Step(
            (N_("A flower fits a vase with exactly its number of flowers and its type; a vase"),
             N_("marked * takes any type. This 1 tulip fits SR3, the vase for 1 of any flower:"),
             N_("keep it.")),
            ("keep",),
            look=N_("your window"),
        ),
        Step(
            (N_("Place the tulip in SR3 on L3: a filled vase scores its petals at the end."),
             N_("SR1 takes only a rose. Then press done: free actions (sell, buy, reorganize,"),
             N_("trash) may come before it.")),
            ("place FL12 on=L3", "done"),
            why_not="place FL12 on=L1",
            look=N_("your window"),
        ),
        Step(
            (N_("Pile 2: this iris fits no vase, discard it. The salary under it goes"),
             N_("straight into your register: keep it. Money scores 1 FP per $5 at the end"),
             N_("and buys baskets.")),
            ("discard", "keep", "done"),
            look=N_("your register"),
        ),
        Step(
            (N_("Pile 3: discard the sunflower, keep the vase for 1 of any flower and place"),
             N_("it on the free spot L4. An empty vase is trashed at the end, and every 2"),
             N_("trashed cards cost 1 FP: fill it later.")),
            ("discard", "keep", "place VA17 at=L4", "done"),
            look=N_("your window"),
        ),
    ),
    free=(
        N_("Now play freely to the end of round 3: every choice is yours."),
        N_("8 filled vases and 3 hung baskets earn a completion bonus of 5 FP."),
    ),
)
