"""Screenshots of an analysed game of each game in the replay viewer, at the first mistake:
``python -m tests.coach_screens docs/coach sixtyone giftoftulips spiceroad flowershop
tulipandrose`` (a ``random`` or ``normal`` seat against ``hard``, seed 77, 100x32)."""
import asyncio
import sys
import tempfile
import time
from pathlib import Path

from tulipgames import games
from tulipgames.coach.bench import play
from tulipgames.store import Store
from tulipgames.tui.app import TulipGamesApp
from tulipgames.tui.screens.replay import MISTAKES, ReplayControls, replay_screen


async def shot(game_id: str, out: Path) -> None:
    game = games.get_game(game_id)
    record = play(game, ["random" if game_id != "sixtyone" else "normal", "hard"], seed=77)
    store = Store(Path(tempfile.mkdtemp()))
    app = TulipGamesApp(store)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = replay_screen(record, owned={0})
        assert isinstance(screen, ReplayControls)
        app.push_screen(screen)
        await pilot.pause()
        began = time.monotonic()
        await pilot.press("a")
        for _ in range(6000):
            if screen.analysis is not None:
                break
            await pilot.pause(0.05)
        took = time.monotonic() - began
        await pilot.pause(0.3)
        await pilot.press("home")
        await pilot.press("m")
        await pilot.pause(0.5)
        assert screen.analysis is not None, "the analysis did not finish"
        mistakes = [d for d in screen.analysis.decisions if d.grade in MISTAKES]
        print(game_id, f"analysed in {took:.1f} s,", len(screen.analysis.decisions), "decisions,",
              len(mistakes), "mistakes or worse", flush=True)
        app.save_screenshot(str(out / f"coach-{game_id}.svg"))


async def main() -> None:
    out = Path(sys.argv[1])
    for game_id in sys.argv[2:]:
        await shot(game_id, out)


if __name__ == "__main__":
    asyncio.run(main())
