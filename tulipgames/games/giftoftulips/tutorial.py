"""The Gift of Tulips tutorial: two players on a fixed deal (seed 3, you start), seven lessons
from the first bouquet card to the secret festival, then the rest of the game played freely."""

from tulipgames.i18n import N_
from tulipgames.tutorial import Script, Step

# The lessons' lines are message ids, each translated as a line of its own where the
# tutorial shows it (a translation may move words between the lines of a step).

TUTORIAL = Script(
    game="giftoftulips",
    seed=3,
    seats=2,
    level="normal",
    options={"start_player": 0},
    welcome=(
        N_("Gift of Tulips: keep, give or add tulips; the festival ranking decides their worth."),
    ),
    steps=(
        Step(
            (N_("You were dealt two tulips. One starts your bouquet, face up; the other goes"),
             N_("face down onto the secret festival. This first card scores nothing.")),
            ("bouquet O3",),
            look=N_("your two dealt cards"),
        ),
        Step(
            (N_("Each turn you draw two cards and do something different with each: keep it,"),
             N_("give it, or add it to the festival. Add this O3 face up: orange ties blue"),
             N_("at 3 and a variety goes above every variety it ties, so orange is 1st.")),
            ("add faceup",),
            look=N_("the festival"),
        ),
        Step(
            (N_("Keeping scores by the ranking now: 0 for a 1st or 2nd variety, 1 for 3rd,"),
             N_("2 for 4th or not ranked. Blue is 2nd: keep B3 for 0 points; it still counts"),
             N_("for the blue majority at the end. You added already: no second Add.")),
            ("keep",),
            why_not="add secret",
            look=N_("your bouquet"),
        ),
        Step(
            (N_("Ben gave you V2. Purple has no face-up card, so it is not ranked and counts"),
             N_("as 4th: keeping your V2 scores 2.")),
            ("keep",),
            look=N_("the festival"),
        ),
        Step(
            (N_("Giving scores the card's value plus 3 for a 1st variety, 2 for 2nd, 1 for"),
             N_("3rd, 0 for 4th or not ranked. Give V3 to Ben: 3 points. The gift counts for"),
             N_("Ben's majorities, not yours. You kept already: no second Keep.")),
            ("give 1",),
            why_not="keep",
            look=N_("Ben's bouquet"),
        ),
        Step(
            (N_("Push the ranking: add B2 face up and blue, tied with pink at 5, goes above"),
             N_("it to 1st. Points use the ranking at that moment, so your next card, O3, is"),
             N_("then 3rd and keeping it scores 1.")),
            ("add faceup", "keep"),
            look=N_("the festival"),
        ),
        Step(
            (N_("Adding secret puts a card face down on the secret festival. When the deck"),
             N_("runs out, up to 5 secret cards are flipped and change the final ranking."),
             N_("Keep P3, then add B3 secret.")),
            ("keep", "add secret"),
            look=N_("the secret festival"),
        ),
    ),
    free=(
        N_("Now play freely to the end: every choice is yours."),
        N_("At the end the 1st, 2nd and 3rd varieties pay 15, 10 and 5 to the player with"),
        N_("the most cards of that variety in their bouquet (count first, then value)."),
    ),
)
