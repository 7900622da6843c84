"""The Tulip & Rose tutorial: three players on a fixed deal (seed 1), lessons on the auction,
the Seller's keep, the split and selling, then the rest of the two days played freely."""

from tulipgames.i18n import N_
from tulipgames.tutorial import Script, Step

TUTORIAL = Script(
    game="tulipandrose",
    seed=1,
    seats=3,
    level="normal",
    welcome=(
        N_("Tulip & Rose: take turns as the Seller, tie three bouquets and auction them."),
        N_("Florins are points at the end, and so are your flower sets."),
    ),
    steps=(
        Step(
            (N_("Cleo is the Seller: she auctions three bouquets and never bids herself."),
             N_("Bid at least 1 or pass. A Semper Augustus is worth 8 points at the end:"),
             N_("bid 8 for bouquet 1.")),
            ("bid 8",),
            why_not="bid 70",
            look=N_("the auction"),
        ),
        Step(
            (N_("Passing takes you out of this bouquet's auction. When the bidding ends, the"),
             N_("Seller sells (the top bidder pays the bid) or keeps it (and pays the top"),
             N_("bidder half the bid, rounded up). Pass on bouquet 2.")),
            ("pass",),
            look=N_("the auction"),
        ),
        Step(
            (N_("Cleo kept bouquet 2 and paid Ben 6 of his 11. Flower sets score n x n: a set"),
             N_("is one kind, or no kind twice. A lone tulip adds little: pass again.")),
            ("pass",),
            look=N_("your holdings"),
        ),
        Step(
            (N_("Now you are the Seller: put every revealed card into bouquet 1, 2 or 3; no"),
             N_("bouquet may be empty. Weeds cost points at the end: tie them into bouquet 1,"),
             N_("irises and the tulip into 2, the lilies into 3.")),
            ("assign 1 to 1", "assign 2 to 1", "assign 3 to 2", "assign 4 to 2",
             "assign 5 to 3", "assign 6 to 3", "assign 7 to 1", "assign 8 to 3",
             "assign 9 to 2", "split done"),
            look=N_("the split"),
        ),
        Step(
            (N_("Nobody bid on the weeds, so they came back to you for free. Ben and Cleo"),
             N_("bid up bouquets 2 and 3: sell each for the bid, rather than keep it for"),
             N_("half the bid paid to the top bidder.")),
            ("sell", "sell"),
            look=N_("the auction"),
        ),
    ),
    free=(
        N_("Now play freely to the end of day two: every choice is yours."),
        N_("You may bid beyond your florins: a loan gives 20 and costs 30 points at the end."),
    ),
)
