"""One plain-text game: announce what happens, list the choices, read the answer.

A :class:`PlainSession` drives a :class:`~tulipgames.table.Table` from lines of text. It is given
a ``read`` function (one line, ``None`` at the end of the input) and a ``write`` function (one
line), so the same code serves a terminal, a pipe, a test and an SSH channel without a PTY.

What is said, in order, for each decision: the events since the last decision (other seats' moves
and the bots' as sentences), then "<name>, <the rules' prompt>", then the numbered choices. Long
choice lists are grouped by the words of their notation (first an area, then a spot), so no list
read aloud is longer than :data:`GROUP_LIMIT`. Hot-seat play with secrets says "Pass to Ben.
Press Enter when Ben has the keyboard." and prints nothing private before Enter.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any

import tulipgames.plain.words as game_words
from tulipgames.engine.core import Action, Game, IllegalAction
from tulipgames.i18n import N_, _, current, ngettext, render, using
from tulipgames.plain.speech import speaker
from tulipgames.table import LEVEL_MARK, SaveFailed, Table, Turn

Reader = Callable[[], "str | None"]
Writer = Callable[[str], None]

#: The longest list of choices read out at once.
GROUP_LIMIT = 9

#: A list of choices longer than this many characters (about 15 seconds of speech) is
#: grouped by its first words when they divide it.
SPOKEN_LIMIT = 240

#: The most lines said for one decision: what changed, the question, the choices.
TURN_LINES = 6

#: (The command words stay English: they are what the player types.)
HELP = N_(
    "Answer with the number of a choice, or type an action's notation. Commands: "
    "help, rules, look (the whole situation), hand, market, scores, opponents, bouquets, "
    "sheet, log (everything so far), undo, save, quit. 0 or back goes up from a group."
)


@dataclass
class Choice:
    """A numbered line: one action, or a group of actions that share the first words."""

    label: str
    action: Action | None = None
    children: list[Choice] = field(default_factory=list)




def words_of(label: str) -> list[str]:
    return label.split(LEVEL_MARK) if LEVEL_MARK in label else label.split()


def spoken(label: str) -> str:
    return label.replace(LEVEL_MARK, ", ")


def _join(label: str, key: tuple[str, ...]) -> str:
    return (", " if LEVEL_MARK in label else " ").join(key)


def group_choices(labelled: Sequence[tuple[str, Action]], depth: int = 0) -> list[Choice]:
    """Choices for ``(label, action)`` pairs, grouped by their words beyond ``depth`` until no
    list is longer than :data:`GROUP_LIMIT`."""
    if len(labelled) <= GROUP_LIMIT:
        return [Choice(spoken(label), action) for label, action in labelled]
    split = [words_of(label) for label, _ in labelled]
    position = depth
    while True:
        keys = {tuple(w[: position + 1]) for w in split}
        if len(keys) > 1 or all(len(w) <= position + 1 for w in split):
            break
        position += 1
    groups: dict[tuple[str, ...], list[tuple[str, Action]]] = {}
    for words, pair in zip(split, labelled, strict=True):
        groups.setdefault(tuple(words[: position + 1]), []).append(pair)
    if len(groups) == 1 or len(groups) > len(labelled) - 1:
        # the words do not divide the list: read it in chunks instead
        chunks = [labelled[i : i + GROUP_LIMIT] for i in range(0, len(labelled), GROUP_LIMIT)]
        return [
            Choice(choices(span(spoken(chunk[0][0]), spoken(chunk[-1][0])), len(chunk)),
                   children=group_choices(chunk, depth + 1))
            for chunk in chunks
        ]
    out = []
    for key, members in groups.items():
        if len(members) == 1:
            out.append(Choice(spoken(members[0][0]), members[0][1]))
        else:
            out.append(Choice(choices(_join(members[0][0], key), len(members)),
                              children=group_choices(members, position + 1)))
    if len(out) > GROUP_LIMIT:
        parts = [out[i : i + GROUP_LIMIT] for i in range(0, len(out), GROUP_LIMIT)]
        return [Choice(_("{first} to {last}").format(first=_head(part[0]), last=_head(part[-1])),
                       children=part) for part in parts]
    return out


def choices(label: str, count: int) -> str:
    """A group's line: its words and how many choices it holds ("bid (9 choices)")."""
    return ngettext("{label} ({count} choice)", "{label} ({count} choices)", count).format(
        label=label, count=count)


def span(first: str, last: str) -> str:
    """A run of choices by its ends, their shared words said once: "bid, 43 to 51"."""
    shared = common_start([first, last])
    head, tail = first.split(", "), last[len(shared):].split(", ")
    same_end: list[str] = []
    while len(head) > 1 and len(tail) > 1 and head[-1] == tail[-1]:
        same_end.insert(0, head.pop())
        tail.pop()
    end = ", " + ", ".join(same_end) if same_end else ""
    return _("{first} to {last}").format(first=", ".join(head), last=", ".join(tail)) + end


def common_start(labels: list[str]) -> str:
    """The words, up to a comma, that every one of two or more labels starts with ("card 2,
    iris 1, " for "card 2, iris 1, into bouquet 1" and "... into bouquet 2"); "" if none."""
    if len(labels) < 2:
        return ""
    parts = [label.split(", ") for label in labels]
    shared = 0
    while all(len(p) > shared + 1 for p in parts) and len({p[shared] for p in parts}) == 1:
        shared += 1
    return ", ".join(parts[0][:shared]) + ", " if shared else ""


def by_first_words(level: list[Choice]) -> list[Choice]:
    """A list too long to hear in one breath, grouped by its first words ("acquire", "Pumpkins")
    when they divide it; else as it is."""
    groups: dict[str, list[Choice]] = {}
    for choice in level:
        groups.setdefault(choice.label.split(", ")[0], []).append(choice)
    if not 2 <= len(groups) < len(level):
        return level
    return [members[0] if len(members) == 1 else
            Choice(choices(key, sum(max(1, count_leaves(m)) for m in members)),
                   children=members)
            for key, members in groups.items()]


def count_leaves(choice: Choice) -> int:
    return sum(count_leaves(c) for c in choice.children) if choice.children else 1


def _head(choice: Choice) -> str:
    return choice.label.split(" (")[0]


# -- what the game says ---------------------------------------------------------------------
def _game_speech(game: Game) -> Any | None:
    """The game's own plain-text module (``plain.py`` beside its rules), if it has one."""
    from tulipgames import games

    try:
        return games.kit(game.id).plain_module()
    except games.UnknownGame:  # a game of the tests, not in the registry
        return None


def humane(name: str) -> str:
    return name.replace("_", " ").strip().capitalize()


def say_value(value: Any) -> str:
    """A value as words: lists joined by commas, nothing as "none", switches as yes/no."""
    if value is None:
        return _("none")
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, (tuple, list, frozenset, set)):
        items = [say_value(v) for v in value]
        return ", ".join(items) if items else _("none")
    if isinstance(value, dict):
        return "; ".join(f"{k}: {say_value(v)}" for k, v in value.items()) or _("none")
    if is_dataclass(value) and not isinstance(value, type):
        parts = (f"{humane(f.name)} {say_value(getattr(value, f.name))}" for f in fields(value))
        return "; ".join(parts)
    return str(value)


def describe_view(view: Any) -> list[str]:
    """A view read field by field, when the game has no words of its own for it."""
    if not (is_dataclass(view) and not isinstance(view, type)):
        return [say_value(view)]
    return [f"{humane(f.name)}: {say_value(getattr(view, f.name))}." for f in fields(view)]


def ask_line(
    read: Reader, write: Writer, echo: bool, prompt: Callable[[str], None]
) -> str | None:
    """Read one answer after the ``>`` prompt (``None`` at the end of the input). With ``echo``
    the prompt and the answer are written as one line, so a transcript of piped input reads as
    a conversation; otherwise ``prompt`` shows the ``>`` and the terminal echoes what is typed."""
    if echo:
        line = read()
        write(f"> {line}" if line is not None else ">")
    else:
        prompt("> ")
        line = read()
    return None if line is None else line.strip()


MOVE = re.compile(r"^(.+) moves (\S+) .* to .+\.$")


def only_last_moves(lines: list[str]) -> list[str]:
    """Of a seat moving the same card about ("Ben moves SB3 ... to L4." then "... to L6."),
    only where it ended up: what changed, not every step on the way."""
    return [shown for _english, shown in last_moves([(line, line) for line in lines])]


def last_moves(pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """:func:`only_last_moves` of ``(English, shown)`` lines, read by their English."""
    last: dict[tuple[str, str], int] = {}
    for i, (line, _shown) in enumerate(pairs):
        match = MOVE.match(line)
        if match:
            last[(match[1], match[2])] = i
    keep = set(last.values())
    return [pair for i, pair in enumerate(pairs) if not MOVE.match(pair[0]) or i in keep]


class PlainSession:
    """A game played by text at one keyboard (several local seats) or for one seat."""

    def __init__(
        self,
        table: Table,
        read: Reader,
        write: Writer,
        *,
        seats: frozenset[int] | None = None,
        echo: bool = False,
        prompt: Callable[[str], None] | None = None,
        remote: bool = False,
    ) -> None:
        self.table = table
        #: Played over SSH: resuming means reconnecting, not a local command.
        self.remote = remote
        self.prompt = prompt or (lambda text: None)
        self.read_line = read
        self.write = write
        self.local = frozenset(table.human_seats()) if seats is None else seats
        #: Echo each answer after the prompt (input from a pipe: the transcript reads whole).
        self.echo = echo
        self.speech = _game_speech(table.game)
        self.speak = speaker(table)
        self.game_id = game_words.game_id(table.game)
        self._heard = 0
        self._keyboard: int | None = None  # the seat the keyboard was last handed to
        self.quit = False
        self._opening = 0  # lines said before the first decision (the greeting)
        self._briefs: dict[int, str] = {}  # the brief each seat heard last

    # -- speaking -------------------------------------------------------------------------------
    def say(self, line: str, turn: Turn[Any] | None = None) -> None:
        self.write(self.speak(game_words.fix_line(line, turn)))

    def ask(self) -> str | None:
        return ask_line(self.read_line, self.write, self.echo, self.prompt)

    @property
    def viewer(self) -> int | None:
        if len(self.local) == 1:
            return next(iter(self.local))
        return self._keyboard

    def news(self) -> list[str]:
        """The events since the last time, as the seat at the keyboard may read them, in the
        session's language."""
        return [shown for _english, shown in self.news_pairs()]

    def needed_news(self) -> list[str]:
        """:meth:`news` without the lines the question says again (the game's words)."""
        return [shown for english, shown in self.news_pairs()
                if game_words.needed(self.game_id, english)]

    def news_pairs(self) -> list[tuple[str, str]]:
        """The events since the last time, each in English and as said (the session's
        language); a seat's "has chosen: ..." is left out when the same move is told again
        below it. What is left out is decided by the English (the log has one line an event
        in every language), so a translated log is as short as the English one."""
        shown = self.table.log_for(self.viewer)
        if current() == "en":
            lines = shown
        else:
            with using("en"):
                lines = self.table.log_for(self.viewer)
        start = self._heard
        new = lines[start:]
        self._heard = len(shown)
        out = []
        for i, line in enumerate(new):
            if line.endswith((" has chosen", " is choosing", " has picked.")):
                continue
            later = new[i + 1 :]
            if " has chosen: " in line and line.replace(" has chosen: ", " ") in later:
                continue
            # a step under way ("Ben plays YY → RR", "Ben upgraded Y to R") told again whole
            # by the line that ends it ("Ben played YY → RR ×2")
            if " plays " in line and line.replace(" plays ", " played ", 1) in " ".join(later):
                continue
            actor = line.split(" upgraded ")[0]
            if " upgraded " in line and any(f"{actor} played Upgrade" in x for x in later):
                continue
            out.append((line, shown[start + i] if start + i < len(shown) else line))
        return last_moves(out)

    def announce(self) -> None:
        """Say every event since the last time."""
        for line in self.news():
            self.say(line)

    def label(self, action: Action, turn: Turn[Any]) -> str:
        describe = getattr(self.speech, "describe_action", None)
        if callable(describe):
            return game_words.label(self.game_id, str(describe(action, turn)), action, turn)
        return str(action).replace("=", " ")

    def look(self, turn: Turn[Any]) -> list[str]:
        describe = getattr(self.speech, "describe", None)
        if callable(describe):
            return list(describe(turn))
        return describe_view(turn.view)

    # -- the loop ----------------------------------------------------------------------------
    def run(self) -> int:
        """Play until the game ends, the input ends or the player quits; 0 when all went well."""
        table = self.table
        self.say(_("{title}. Players: {players}. Type help for the commands.").format(
            title=_(table.game.title), players=", ".join(self._seat_names())))
        self._opening = 1
        while not self.quit:
            if table.is_over:
                self.announce()
                self.finish()
                return 0
            bots = [s for s in table.to_act() if table.seats[s].is_bot]
            if bots:
                self.bot_turn(bots[0])
                continue
            mine = [s for s in table.to_act() if s in self.local]
            if not mine:
                self.announce()
                self.say(_("Waiting for {names}.").format(
                    names=", ".join(table.names[s] for s in table.to_act())))
                return 0
            if not self.hand_over(mine[0]):
                break
            if not self.decide(mine[0]):
                break
        self.say(self.saved_line())
        return 0

    def _seat_names(self) -> list[str]:
        out = []
        for spec in self.table.seats:
            out.append(_("{name} (bot, {level})").format(name=spec.name, level=spec.bot_level)
                       if spec.is_bot else spec.name)
        return out

    def bot_turn(self, seat: int) -> None:
        try:
            self.table.play(seat, self.table.think_job(seat)())
        except (IllegalAction, SaveFailed) as exc:
            self.say(_("{name}'s bot could not play: {problem}").format(
                name=self.table.names[seat], problem=exc))
            self.quit = True

    def hand_over(self, seat: int) -> bool:
        """In hot-seat play with secrets, pass the keyboard before anything private is said."""
        if self._keyboard == seat or len(self.local) == 1:
            self._keyboard = seat
            return True
        if not self.table.has_secrets:
            self._keyboard = seat
            self.say(_("{name}'s turn.").format(name=self.table.names[seat]))
            self._opening += 1
            return True
        # what the previous player may read, before the hand-over, in one line if long
        events = self.needed_news()
        for line in self.compact(events, TURN_LINES - 1):
            self.say(line)
        name = self.table.names[seat]
        self.say(_("Pass to {name}. Press Enter when {name} has the keyboard.").format(
            name=name))
        if self.ask() is None:
            return False
        self._keyboard = seat
        self._heard = len(self.table.log_for(seat))  # nothing new: the log was just read
        return True

    def decide(self, seat: int) -> bool:
        """One decision of ``seat``: the prompt, the choices, the answer. False to stop."""
        turn = self.table.turn(seat)
        labelled = [(self.label(action, turn), action) for action in turn.legal]
        level = group_choices(labelled)
        if len(level) > 3 and sum(len(c.label) for c in level) > SPOKEN_LIMIT:
            level = by_first_words(level)
        stack: list[list[Choice]] = []
        question = game_words.shorter(self.game_id, render(turn.prompt),
                                      seat not in self._briefs)
        head = whole = f"{turn.name(seat)}, {question.rstrip('.')}."
        brief = game_words.BRIEFS.get(self.game_id)
        if brief is not None:
            said = brief(turn)
            whole = f"{head} {said}".rstrip()
            # said again only when it changed; Enter alone says it all again
            if said and self._briefs.get(seat) != said:
                head = whole
            self._briefs[seat] = said
        events = self.needed_news()
        budget = TURN_LINES - self._opening - 1
        self._opening = 0
        events = self.compact(events, budget - 1)
        for line in events:
            self.say(line, turn)
        self.say(head, turn)
        self.list_choices(level, room=budget - len(events))
        while True:
            answer = self.ask()
            if answer is None:
                return False
            if not answer:
                self.say(whole, turn)
                self.list_choices(level, back=bool(stack), room=TURN_LINES - 1)
                continue
            low = answer.lower()
            if low in ("0", "back") and stack:
                level = stack.pop()
                self.list_choices(level)
                continue
            if low.isdigit():
                number = int(low)
                if not 1 <= number <= len(level):
                    self.say(_("There is no choice {number}: choose 1 to {last}.").format(
                        number=number, last=len(level)))
                    continue
                picked = level[number - 1]
                if picked.children:
                    stack.append(level)
                    level = picked.children
                    self.list_choices(level, back=True)
                    continue
                assert picked.action is not None
                return self.play(seat, picked.action)
            query = game_words.QUERIES.get(self.game_id, {}).get(low)
            if query is not None:
                for line in query(self.table.turn(seat)):
                    self.say(line, turn)
                continue
            if low in game_words.QUERY_NAMES:
                known = ", ".join(["look", *game_words.QUERIES.get(self.game_id, {})])
                # Translators: {what} is a command word the player typed (hand, market...)
                self.say(_("This game has no {what} to tell; ask for {known}.").format(
                    what=low, known=known))
                continue
            if low in COMMANDS:
                keep_going = COMMANDS[low](self, seat)
                if self.quit or not keep_going:
                    return False
                if self.table.turn(seat).version != turn.version:
                    return True  # undo changed the position: decide afresh
                continue
            try:
                action = self.table.game.parse_action(answer)
            except IllegalAction as exc:
                reason = render(exc.reason)
                self.say(_("{reason}. Type help for the commands.").format(
                    reason=reason[:1].upper() + reason[1:]))
                continue
            return self.play(seat, action)

    @staticmethod
    def compact(events: list[str], room: int) -> list[str]:
        """The events one a line when they fit in ``room`` lines, else in one line."""
        if len(events) <= room:
            return events
        return [_("Since your last turn:") + " " + " ".join(
            e if e.endswith((".", "!", "?")) else e + "." for e in events)]

    def list_choices(self, level: list[Choice], back: bool = False, room: int = TURN_LINES
                     ) -> None:
        """The numbered choices, one a line when they fit in ``room`` lines, else in one line
        ("Choices: 1, keep. 2, discard.")."""
        prefix = common_start([choice.label for choice in level])
        if any(choice.label[len(prefix):].split(",")[0].isdigit() for choice in level):
            prefix = ""  # "1. bid 7" rather than "1. 7": a bare number reads as a choice number
        items = [f"{number}. {choice.label[len(prefix):]}" for number, choice in
                 enumerate(level, 1)]
        if back:
            items.append(_("0. back"))
        if prefix:
            # "card 2, iris 1: 1. into bouquet 1. 2. into bouquet 2." rather than the card
            # said again in every choice
            self.say(f"{prefix.rstrip(', ')[:1].upper()}{prefix.rstrip(', ')[1:]}: " + " ".join(
                f"{item}." if not item.endswith(".") else item for item in items))
            return
        if len(items) <= room:
            for item in items:
                self.say(item)
            return
        self.say(_("Choices:") + " " + " ".join(
            f"{item}." if not item.endswith(".") else item for item in items))

    def play(self, seat: int, action: Action) -> bool:
        reason = self.table.why_not(seat, action)
        if reason is not None:
            self.say(_("Not allowed: {reason}.").format(reason=render(reason)))
            return True
        try:
            self.table.play(seat, action)
        except SaveFailed as exc:
            self.say(_("Not saved, so not played: {problem}.").format(problem=exc))
        except IllegalAction as exc:
            self.say(_("Not allowed: {reason}.").format(reason=render(exc.reason)))
        return True

    def finish(self) -> None:
        result = self.table.result()
        names = self.table.names
        ending = render(result.ending).strip()
        if ending and not ending.endswith((".", "!")):
            ending += "."
        self.say(f"{_('The game is over.')} {ending}".strip())
        order = sorted(range(len(names)), key=lambda s: (result.ranks[s], s))
        for seat in order:
            parts = ", ".join(
                f"{render(category)} {value}"
                for category, value in zip(result.categories, result.breakdown[seat], strict=True)
                if value
            )
            place = ngettext("Place {place}: {name} with {points} point",
                             "Place {place}: {name} with {points} points",
                             result.totals[seat]).format(
                place=result.ranks[seat], name=names[seat], points=result.totals[seat])
            self.say(place + (f" ({parts})." if parts else "."))
        if result.tiebreak:
            self.say(_("Tie-break: {rule}.").format(rule=render(result.tiebreak)))
        scores = ", ".join(f"{names[s]} {result.totals[s]}" for s in range(len(names)))
        self.say(_("Final scores: {scores}.").format(scores=scores))

    def saved_line(self) -> str:
        if self.table.save_id is None:
            return _("Goodbye.")
        return _("Saved as game {number}.").format(number=self.table.save_id) + " " + \
            self.resume_hint

    @property
    def resume_hint(self) -> str:
        if self.remote:
            return _("Reconnect and choose Resume to go on.")
        return _("Resume with: {command}").format(
            command=f"tulipgames resume {self.table.save_id} --plain")


# -- commands at the prompt --------------------------------------------------------------------
def _help(session: PlainSession, seat: int) -> bool:
    session.say(_(HELP))
    return True


def _rules(session: PlainSession, seat: int) -> bool:
    """The rules as prose: no tables, no key list of the full-screen app."""
    from tulipgames.plain.rules import prose

    for line in prose(session.table.game.rules_markdown()):
        session.write(line)  # not the game's shorthand reader: the rules spell their letters
    return True


def _look(session: PlainSession, seat: int) -> bool:
    turn = session.table.turn(seat)
    for line in session.look(turn):
        session.say(line, turn)
    extra = game_words.LOOK_EXTRA.get(session.game_id)
    if extra is not None:
        for line in extra(turn):
            session.say(line, turn)
    return True


def log_head(count: int) -> str:
    """What the whole log is said after: "The log, 12 lines:"."""
    return ngettext("The log, {count} lines:", "The log, {count} lines:", count).format(
        count=count)


def _log(session: PlainSession, seat: int) -> bool:
    lines = session.table.log_for(seat)
    session.say(log_head(len(lines)))
    for line in lines:
        session.say(line)
    return True


def _undo(session: PlainSession, seat: int) -> bool:
    turn = session.table.turn(seat)
    if not turn.can_undo:
        session.say(_("Nothing to undo: undo stops at new information or another player's "
                      "move."))
        return True
    try:
        session.table.take_back(seat, 1)
    except (IllegalAction, SaveFailed) as exc:
        session.say(_("Not undone: {problem}.").format(problem=exc))
        return True
    session._heard = min(session._heard, len(session.table.log_for(session.viewer)))
    session.say(_("Undone."))
    return True


def _score(session: PlainSession, seat: int) -> bool:
    if session.table.has_secrets:
        session.say(_("The score is only known at the end of this game: part of it is "
                      "hidden."))
        return True
    result = session.table.result()
    names = session.table.names
    session.say(_("Score so far: {scores}").format(
        scores=", ".join(f"{names[s]} {result.totals[s]}" for s in range(len(names)))))
    return True


def _save(session: PlainSession, seat: int) -> bool:
    try:
        session.table.save()
    except SaveFailed as exc:
        session.say(_("Not saved: {problem}.").format(problem=exc))
        return True
    session.say(session.saved_line() + ". " + _("Every move is saved as it is played."))
    return True


def _quit(session: PlainSession, seat: int) -> bool:
    session.quit = True
    return False


COMMANDS: dict[str, Callable[[PlainSession, int], bool]] = {
    "help": _help,
    "?": _help,
    "rules": _rules,
    "look": _look,
    "log": _log,
    "undo": _undo,
    "score": _score,
    "save": _save,
    "quit": _quit,
    "exit": _quit,
}


def run_plain(
    table: Table,
    read: Reader,
    write: Writer,
    *,
    seats: frozenset[int] | None = None,
    echo: bool = False,
    prompt: Callable[[str], None] | None = None,
) -> int:
    """Play ``table`` in plain text; returns an exit status."""
    return PlainSession(table, read, write, seats=seats, echo=echo, prompt=prompt).run()
