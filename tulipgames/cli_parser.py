"""The command line's argparse parser class, apart from :mod:`tulipgames.cli` so that the bare
``tulipgames`` (the menu, no arguments to parse) does not import argparse."""

from __future__ import annotations

import argparse
from typing import Any


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors: ``tulipgames play: error: unknown game 'chess' ...``."""

    #: Subcommand name -> its parser, so a command reports errors under its own name.
    commands: dict[str, Parser]

    def error(self, message: str) -> Any:
        self.exit(2, f"{self.prog}: error: {message}\n")
