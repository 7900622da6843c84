"""The Century: Spice Road tutorial: two players on a fixed deal (seed 5, you start), lessons
on the four actions (acquire, play, claim, rest) and the spice ranks, then free play."""

from tulipgames.tutorial import Script, Step

TUTORIAL = Script(
    game="spiceroad",
    seed=5,
    seats=2,
    level="normal",
    options={"seat_order": "typed"},
    welcome=(
        "Spice Road: turn cheap spices into precious ones and deliver them for point cards.",
        "Spices from cheap to precious: Y turmeric, R saffron, G cardamom, B cinnamon.",
    ),
    steps=(
        Step(
            ("A turn is one action: play a card, acquire a merchant card, claim a point card",
             "or rest. The merchant card at position 1 is free: acquire it, YY to RR."),
            ("acquire 1",),
            why_not="claim 4",
            look="the merchant row",
        ),
        Step(
            ("Play a card from your hand. A spice card gives its spices: +YY takes your",
             "caravan from 3 to 5 turmeric. A played card stays out until you rest."),
            ("play S1",),
            look="your hand",
        ),
        Step(
            ("A trade card: pay the left side, take the right side, as many times as your",
             "caravan allows. Run YY to RR once: 3 turmeric and 2 saffron are left."),
            ("play M11", "times 1"),
            look="your caravan",
        ),
        Step(
            ("Claim a point card by paying exactly the spices on it; a better spice never",
             "stands in for a missing one. Card 4 wants YYYRR: 7 points."),
            ("claim 4",),
            look="the point row",
        ),
        Step(
            ("Your caravan is empty and every card you played is out. Rest: take all your",
             "played cards back into your hand."),
            ("rest",),
            why_not="play S2",
            look="your hand",
        ),
        Step(
            ("Play +YY again, then acquire the card at position 2: you put one spice on",
             "each card to its left. Whoever takes a card takes the spices on it too."),
            ("play S1", "acquire 2", "pay Y"),
            look="the merchant row",
        ),
        Step(
            ("An Upgrade card raises a spice one rank, up to 2 times; the same spice may",
             "rise twice. Raise Y to R, then R to G."),
            ("play S2", "upgrade Y", "upgrade R"),
            look="your caravan",
        ),
    ),
    free=(
        "Now play freely to the end: every choice is yours.",
        "The game ends after the round in which someone claims a 6th point card. Score:",
        "point cards, coins (gold 3, silver 1) and 1 per spice that is not Y.",
    ),
)
