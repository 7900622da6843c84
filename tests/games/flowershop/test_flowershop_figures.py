"""The Flower Shop's widgets show the rules' score figures (E3), never their own sums: the
register line's money and trash FP, the rivals' basket FP and the score line come from the
view's ``preview`` (``FlowerShopState.score_rows``)."""

from __future__ import annotations

from dataclasses import replace

from tulipgames.games.flowershop.rules import GAME, FlowerShopState, score_rows
from tulipgames.games.flowershop.widgets import opponent_line, register_line, score_line


def shop_with_baskets_and_trash() -> FlowerShopState:
    """Seat 3: one trashed card and three empty window vases (cleanup trashes them: 4 at the
    end, -2 FP, where the trash pile alone would say 0), two hung baskets."""
    state = GAME.new_state(4, 1)
    assert isinstance(state, FlowerShopState)
    dan = state.shops[3]
    dan.spots = ["VA12", "VA13", "VA14", None, None, None, None, None]
    dan.flowers = [None, None, None, None, None, None, None, None]
    dan.storage, dan.trash, dan.hooks, dan.money = [], ["FL01"], ["BA09", "BA10"], 12
    return state


def test_the_shown_trash_penalty_is_the_rules_figure() -> None:
    state = shop_with_baskets_and_trash()
    view = state.view(3)
    rows = dict(zip(view.categories, score_rows(state.shops[3], False, False), strict=True))
    assert rows["Trash"] == -2  # -(4 // 2): cleanup's 3 vases count
    assert "Trash 1→4 (-2 FP)" in register_line(view, 3).plain
    assert f"{sum(rows.values())} FP" in score_line(view.categories, view.preview[3]).plain


def test_the_widgets_take_every_score_row_from_the_preview() -> None:
    """With a preview unlike any sum of the cards (as a variant's rules might score), every
    figure shown follows the preview: nothing is worked out again in a widget."""
    state = shop_with_baskets_and_trash()
    view = state.view(0)
    odd = tuple(tuple(value + 7 for value in rows) for rows in view.preview)
    shown = replace(view, preview=odd)
    rows = dict(zip(view.categories, odd[3], strict=True))
    assert f"2 baskets {rows['Baskets']}FP" in opponent_line(shown, shown.shops[3], "Dan").plain
    line = register_line(shown, 3).plain
    assert f"$12 ({rows['Money']} FP)" in line and f"({rows['Trash']} FP)" in line
