"""The app's own themes, a dark and a light one, and the terminal colours the games' cards,
spices, flowers and dice marks are drawn in under each.

The games colour their pieces with the terminal's sixteen named colours (``red`` tulips,
``yellow`` turmeric, ``bright_green`` salaries...). Textual draws those from an ANSI palette, one
for dark themes and one for light ones; the palettes here keep every one of them readable on
the theme's background (contrast 4.5:1 or more, the WCAG level for text; see the tests).
"""

from __future__ import annotations

from rich.color import Color
from rich.terminal_theme import TerminalTheme
from textual.theme import Theme

TULIP_DARK = Theme(
    name="tulip-dark",
    primary="#D9467A",
    secondary="#6AA84F",
    accent="#F2A541",
    warning="#F2A541",
    error="#FF5F5F",
    success="#6AA84F",
    foreground="#E8E6E3",
    background="#16161B",
    surface="#202027",
    panel="#2B2B35",
    dark=True,
)

TULIP_LIGHT = Theme(
    name="tulip-light",
    primary="#A8285A",
    secondary="#2F6B1F",
    accent="#8A4B00",
    warning="#8A4B00",
    error="#B3261E",
    success="#2F6B1F",
    foreground="#1D1D1F",
    background="#FAFAF5",
    surface="#F0EFE8",
    panel="#E2E0D6",
    dark=False,
)

THEMES = (TULIP_DARK, TULIP_LIGHT)

#: Named colours on a dark background: black, red, green, yellow, blue, magenta, cyan, white,
#: then the bright ones (bright black is the dimmed grey).
DARK_ANSI = TerminalTheme(
    (22, 22, 27),
    (232, 230, 227),
    [
        (90, 90, 100), (250, 105, 105), (110, 200, 90), (230, 200, 80),
        (110, 150, 255), (220, 120, 220), (80, 200, 220), (225, 225, 225),
    ],
    [
        (150, 150, 160), (255, 120, 120), (140, 230, 110), (255, 225, 110),
        (150, 180, 255), (240, 150, 240), (120, 225, 240), (255, 255, 255),
    ],
)

#: The same on a light background: every colour dark enough to read, white drawn as dark grey.
LIGHT_ANSI = TerminalTheme(
    (250, 250, 245),
    (29, 29, 31),
    [
        (0, 0, 0), (170, 30, 30), (25, 110, 25), (125, 85, 0),
        (30, 60, 170), (140, 30, 140), (0, 100, 120), (80, 80, 80),
    ],
    [
        (95, 95, 95), (190, 35, 35), (25, 112, 25), (125, 85, 0),
        (40, 80, 200), (155, 40, 155), (0, 100, 120), (60, 60, 60),
    ],
)


def contrast(one: tuple[int, int, int], other: tuple[int, int, int]) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""

    def luminance(rgb: tuple[int, int, int]) -> float:
        parts = []
        for value in rgb:
            c = value / 255
            parts.append(c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4)
        return 0.2126 * parts[0] + 0.7152 * parts[1] + 0.0722 * parts[2]

    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def named_colour(palette: TerminalTheme, name: str) -> tuple[int, int, int]:
    """The RGB a named terminal colour ("yellow", "bright_green") is drawn in with ``palette``."""
    number = Color.parse(name).number
    assert number is not None and number < 16, name
    triplet = palette.ansi_colors[number]
    return (triplet.red, triplet.green, triplet.blue)
