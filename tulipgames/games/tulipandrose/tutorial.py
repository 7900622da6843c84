"""The Tulip & Rose tutorial: three players on a fixed deal (seed 1), lessons on the auction,
the Seller's keep, the split and selling, then the rest of the two days played freely."""

from tulipgames.tutorial import Script, Step

TUTORIAL = Script(
    game="tulipandrose",
    seed=1,
    seats=3,
    level="normal",
    welcome=(
        "Tulip & Rose: take turns as the Seller, tie three bouquets and auction them.",
        "Florins are points at the end, and so are your flower sets.",
    ),
    steps=(
        Step(
            ("Cleo is the Seller: she auctions three bouquets and never bids herself.",
             "Bid at least 1 or pass. A Semper Augustus is worth 8 points at the end:",
             "bid 8 for bouquet 1."),
            ("bid 8",),
            why_not="bid 70",
            look="the auction",
        ),
        Step(
            ("Passing takes you out of this bouquet's auction. When the bidding ends, the",
             "Seller sells (the top bidder pays the bid) or keeps it (and pays the top",
             "bidder half the bid, rounded up). Pass on bouquet 2."),
            ("pass",),
            look="the auction",
        ),
        Step(
            ("Cleo kept bouquet 2 and paid Ben 6 of his 11. Flower sets score n x n: a set",
             "is one kind, or no kind twice. A lone tulip adds little: pass again."),
            ("pass",),
            look="your holdings",
        ),
        Step(
            ("Now you are the Seller: put every revealed card into bouquet 1, 2 or 3; no",
             "bouquet may be empty. Weeds cost points at the end: tie them into bouquet 1,",
             "irises and the tulip into 2, the lilies into 3."),
            ("assign 1 to 1", "assign 2 to 1", "assign 3 to 2", "assign 4 to 2",
             "assign 5 to 3", "assign 6 to 3", "assign 7 to 1", "assign 8 to 3",
             "assign 9 to 2", "split done"),
            look="the split",
        ),
        Step(
            ("Nobody bid on the weeds, so they came back to you for free. Ben and Cleo",
             "bid up bouquets 2 and 3: sell each for the bid, rather than keep it for",
             "half the bid paid to the top bidder."),
            ("sell", "sell"),
            look="the auction",
        ),
    ),
    free=(
        "Now play freely to the end of day two: every choice is yours.",
        "You may bid beyond your florins: a loan gives 20 and costs 30 points at the end.",
    ),
)
