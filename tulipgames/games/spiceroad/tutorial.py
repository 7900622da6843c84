"""The Century: Spice Road tutorial: two players on a fixed deal (seed 5, you start), lessons
on the four actions (acquire, play, claim, rest) and the spice ranks, then free play.

Each line is a message id (``N_``), one or two whole sentences, so a translation never breaks a
sentence in two; the screens show each line translated, joined by a space."""

from tulipgames.i18n import N_
from tulipgames.tutorial import Script, Step

TUTORIAL = Script(
    game="spiceroad",
    seed=5,
    seats=2,
    level="normal",
    options={"seat_order": "typed"},
    welcome=(
        N_("Spice Road: turn cheap spices into precious ones and deliver them for point cards."),
        N_("Spices from cheap to precious: Y turmeric, R saffron, G cardamom, B cinnamon."),
    ),
    steps=(
        Step(
            (N_("One action a turn: play a card, acquire or claim a card, or rest."),
             N_("The merchant card at position 1 is free: acquire it, YY to RR.")),
            ("acquire 1",),
            why_not="claim 4",
            look=N_("the merchant row"),
        ),
        Step(
            (N_("Play a card from your hand."),
             N_("A spice card gives its spices: +YY takes your caravan from 3 to 5 turmeric."),
             N_("A played card stays out until you rest.")),
            ("play S1",),
            look=N_("your hand"),
        ),
        Step(
            (N_("A trade card: pay its left side, take its right side, as often as you can pay."),
             N_("Run YY to RR once: 3 turmeric and 2 saffron are left.")),
            ("play M11", "times 1"),
            look=N_("your caravan"),
        ),
        Step(
            (N_("Claim a point card by paying exactly the spices on it."),
             N_("A better spice never stands in for a missing one."),
             N_("Card 4 wants YYYRR: 7 points.")),
            ("claim 4",),
            look=N_("the point row"),
        ),
        Step(
            (N_("Your caravan is empty and every card you played is out."),
             N_("Rest: take all your played cards back into your hand.")),
            ("rest",),
            why_not="play S2",
            look=N_("your hand"),
        ),
        Step(
            (N_("Play +YY again, then acquire the card at position 2."),
             N_("You put one spice on each card to its left."),
             N_("Whoever takes a card takes the spices on it too.")),
            ("play S1", "acquire 2", "pay Y"),
            look=N_("the merchant row"),
        ),
        Step(
            (N_("An Upgrade card raises a spice one rank, up to 2 times."),
             N_("The same spice may rise twice: raise Y to R, then R to G.")),
            ("play S2", "upgrade Y", "upgrade R"),
            look=N_("your caravan"),
        ),
    ),
    free=(
        N_("Now play freely to the end: every choice is yours."),
        N_("The game ends after the round in which someone claims a 6th point card."),
        N_("Score: point cards, coins (gold 3, silver 1) and 1 per spice that is not Y."),
    ),
)
