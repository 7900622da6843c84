"""The command line's argparse parser class, apart from :mod:`tulipgames.cli` so that the bare
``tulipgames`` (the menu, no arguments to parse) does not import argparse."""

from __future__ import annotations

import argparse
from typing import Any

from tulipgames.i18n import N_, _

#: argparse's own words that a player reads (help headings, its errors), in our catalogue:
#: argparse looks them up with ``gettext.gettext`` in its own domain, where no system has a
#: catalogue of ours, so its lookup is pointed at ours below (a word we do not have stays as
#: argparse says it).
ARGPARSE_WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("expected one argument"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
)
# argparse reads its module's ``_`` when it says a word, not when it is imported
setattr(argparse, "_", _)  # noqa: B010 - a module's attribute mypy does not know


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors: ``tulipgames play: error: unknown game 'chess' ...``."""

    #: Subcommand name -> its parser, so a command reports errors under its own name.
    commands: dict[str, Parser]

    def error(self, message: str) -> Any:
        self.exit(2, _("{prog}: error: {message}").format(prog=self.prog, message=message) + "\n")
