"""The Gift of Tulips tutorial: two players on a fixed deal (seed 3, you start), seven lessons
from the first bouquet card to the secret festival, then the rest of the game played freely."""

from tulipgames.tutorial import Script, Step

TUTORIAL = Script(
    game="giftoftulips",
    seed=3,
    seats=2,
    level="normal",
    options={"start_player": 0},
    welcome=(
        "Gift of Tulips: keep, give or add tulips; the festival ranking decides their worth.",
    ),
    steps=(
        Step(
            ("You were dealt two tulips. One starts your bouquet, face up; the other goes",
             "face down onto the secret festival. This first card scores nothing."),
            ("bouquet O3",),
            look="your two dealt cards",
        ),
        Step(
            ("Each turn you draw two cards and do something different with each: keep it,",
             "give it, or add it to the festival. Add this O3 face up: orange ties blue",
             "at 3 and a variety goes above every variety it ties, so orange is 1st."),
            ("add faceup",),
            look="the festival",
        ),
        Step(
            ("Keeping scores by the ranking now: 0 for a 1st or 2nd variety, 1 for 3rd,",
             "2 for 4th or not ranked. Blue is 2nd: keep B3 for 0 points; it still counts",
             "for the blue majority at the end. You added already: no second Add."),
            ("keep",),
            why_not="add secret",
            look="your bouquet",
        ),
        Step(
            ("Ben gave you V2. Purple has no face-up card, so it is not ranked and counts",
             "as 4th: keeping your V2 scores 2."),
            ("keep",),
            look="the festival",
        ),
        Step(
            ("Giving scores the card's value plus 3 for a 1st variety, 2 for 2nd, 1 for",
             "3rd, 0 for 4th or not ranked. Give V3 to Ben: 3 points. The gift counts for",
             "Ben's majorities, not yours. You kept already: no second Keep."),
            ("give 1",),
            why_not="keep",
            look="Ben's bouquet",
        ),
        Step(
            ("Push the ranking: add B2 face up and blue, tied with pink at 5, goes above",
             "it to 1st. Points use the ranking at that moment, so your next card, O3, is",
             "then 3rd and keeping it scores 1."),
            ("add faceup", "keep"),
            look="the festival",
        ),
        Step(
            ("Adding secret puts a card face down on the secret festival. When the deck",
             "runs out, up to 5 secret cards are flipped and change the final ranking.",
             "Keep P3, then add B3 secret."),
            ("keep", "add secret"),
            look="the secret festival",
        ),
    ),
    free=(
        "Now play freely to the end: every choice is yours.",
        "At the end the 1st, 2nd and 3rd varieties pay 15, 10 and 5 to the player with",
        "the most cards of that variety in their bouquet (count first, then value).",
    ),
)
