"""Colour and input choices for remote terminals and for ``tulipgames`` inside an SSH login."""

from __future__ import annotations

import pytest
from textual.app import App
from textual.filter import Monochrome

from tulipgames.net.terminal import TerminalProfile, apply_profile, tune_for_ssh_login


@pytest.mark.parametrize(
    ("term", "colorterm", "expected"),
    [
        ("xterm-256color", "", "256"),
        ("xterm", "", "256"),  # no COLORTERM: 256 colours, not the 16 Rich would pick
        ("screen", "", "256"),
        ("xterm-256color", "truecolor", "truecolor"),
        ("xterm", "24bit", "truecolor"),
        ("linux", "", "standard"),
        ("vt100", "", "standard"),
        ("dumb", "truecolor", None),
        ("", "", None),
    ],
)
def test_colour_system_from_the_client(term: str, colorterm: str, expected: str | None) -> None:
    assert TerminalProfile(term, colorterm).color_system == expected


def test_only_term_colorterm_and_lang_are_read_and_cleaned() -> None:
    env = {"TERM": "ignored", "COLORTERM": "truecolor\x1b[2J", "LANG": "C", "LD_PRELOAD": "x"}
    profile = TerminalProfile.from_client("xterm\x07" + "x" * 100, env)
    assert profile.term == "xterm" + "x" * 59
    assert profile.colorterm == "truecolor[2J"
    assert profile.environ() == {"TERM": profile.term, "COLORTERM": "truecolor[2J", "LANG": "C"}
    assert not profile.utf8
    assert TerminalProfile("xterm", lang="en_US.UTF-8").utf8


def test_apply_profile_sets_the_session_console() -> None:
    app: App[None] = App()
    apply_profile(app, TerminalProfile("xterm"))
    assert app.console.color_system == "256" and not app.no_color
    apply_profile(app, TerminalProfile("dumb"))
    assert app.no_color and any(isinstance(f, Monochrome) for f in app._filters)


def test_inside_an_ssh_login_no_mouse_256_colours_and_no_color() -> None:
    app: App[None] = App()
    assert tune_for_ssh_login(app, {"TERM": "xterm"}) == {}  # not over SSH: untouched
    login = {"SSH_CONNECTION": "10.0.0.2 50000 10.0.0.1 22", "TERM": "xterm"}
    assert tune_for_ssh_login(app, login) == {"mouse": False}
    assert app.console.color_system == "256" and not app.no_color
    assert app.animation_level == "none"
    tune_for_ssh_login(app, {**login, "NO_COLOR": "1"})
    assert app.no_color and any(isinstance(f, Monochrome) for f in app._filters)
