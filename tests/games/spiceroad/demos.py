"""Mid-game positions of spiceroad for the screen tests, reached through the Table API (the
screenshots have their own, in ``tulipgames.screenshots``)."""




from tulipgames.engine.core import SeatSpec
from tulipgames.games.spiceroad.rules import (
    GAME,
    TURN,
)
from tulipgames.table import Table

#: Screen height from which the log gets taller.


def demo_tables() -> dict[str, Table]:
    """Mid-game positions with seat 0 human, for ``tulipgames screenshots``: the bots of every
    seat play (through the table) until the human's 8th turn."""
    tables = {}
    for edition, names in (
        ("spice", ("Ana", "Ben", "Cleo")),
        ("golem", ("Ana", "Ben", "Cleo", "Dev")),
    ):
        seats = [SeatSpec(names[0])] + [SeatSpec(n, "bot:normal") for n in names[1:]]
        table = Table.new(GAME, seats, seed=21, options={"edition": edition})
        for _ in range(400):
            turn = table.turn(0)
            if turn.over or (
                turn.acting and turn.view.phase == TURN and turn.view.players[0].turns >= 8
            ):
                break
            if turn.acting:
                table.play(0, table.think_job(0)())
            else:
                table.run_bots_now()
        tables[f"spiceroad-{edition}"] = table
    return tables
