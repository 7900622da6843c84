"""The login policy and the password throttle alone, on a hand-driven clock."""

from __future__ import annotations

from pathlib import Path

import asyncssh
import pytest

from tulipgames.net.gate import Gate, Throttle
from tulipgames.net.identity import Identities, KeyRing, fingerprint, name_problem


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize("name", ["ana", "Ana", "mira_lee-f11b103e"[:17], "x", "a1", "b-2_c"])
def test_valid_names_pass_unchanged(name: str) -> None:
    assert name_problem(name) is None


@pytest.mark.parametrize(
    "name", ["", "ana ", " ana", "{ana}", "an[a]", "[/]", "[@click=app.quit]", "a.b", ".ana",
             "-ana", "_ana", "a/b", "a\\b", "ana\x1b[2J", "an\u200ba", "zoë", "a" * 21]
)
def test_names_the_rule_would_change_are_refused(name: str) -> None:
    assert name_problem(name) is not None


def test_throttle_grows_and_queues_concurrent_attempts() -> None:
    clock = Clock()
    throttle = Throttle(clock)
    waits = []
    for _ in range(9):  # nine attempts at once from one address: each booked behind the last
        waits.append(throttle.reserve("1.2.3.4", "alice"))
    assert waits == [0, 0, 0, 0, 0.25, 0.75, 1.75, 3.75, 7.75]
    for _ in range(9):
        throttle.done("1.2.3.4", "alice", ok=False)
    clock.now += 7.75
    assert throttle.reserve("1.2.3.4", "alice") == pytest.approx(8.0)  # capped after the queue
    throttle.done("1.2.3.4", "alice", ok=False)


def test_throttle_success_clears_the_address_and_old_failures_are_forgotten() -> None:
    clock = Clock()
    throttle = Throttle(clock)
    for _ in range(6):
        clock.now += throttle.reserve("x", "bob")  # each attempt waits its turn, then fails
        throttle.done("x", "bob", ok=False)
    assert throttle.reserve("x", "bob") == pytest.approx(1.0)  # the 7th waits 1 s
    throttle.done("x", "bob", ok=True)
    assert throttle.reserve("x") == 0  # the address is clear again
    throttle.done("x", None, ok=False)
    for _ in range(6):
        throttle.reserve("y")
        throttle.done("y", None, ok=False)
    clock.now += Throttle.FORGET + 1
    assert throttle.reserve("y") == 0


def test_an_attack_on_a_name_never_holds_its_owner_up() -> None:
    """Many wrong passwords for alice, from one address and then from ten: alice herself, from
    an address with no failures, waits at most NAME_CAP; the attackers wait ever longer."""
    clock = Clock()
    throttle = Throttle(clock)
    attacker = [throttle.reserve("6.6.6.6", "alice") for _ in range(40)]
    for _ in range(40):
        throttle.done("6.6.6.6", "alice", ok=False)
    for _ in range(5):  # ten more addresses, five tries each, all at once
        for n in range(10):
            attacker.append(throttle.reserve(f"7.7.7.{n}", "alice"))
    for n in range(10):
        for _ in range(5):
            throttle.done(f"7.7.7.{n}", "alice", ok=False)
    assert max(attacker) > 60  # the queue an attacker's address builds (the old lockout)
    owner = throttle.reserve("10.0.0.1", "alice")
    assert owner <= Throttle.NAME_CAP
    throttle.done("10.0.0.1", "alice", ok=True)
    # A distributed guesser: past their free tries, its addresses queue behind each other on
    # the name (8 s apart), however many addresses it has.
    spread = [throttle.reserve(f"7.7.7.{n}", "alice") for n in range(10)]
    assert spread[-1] >= 9 * Throttle.MAX
    assert throttle.reserve("10.0.0.2", "alice") <= Throttle.NAME_CAP  # another clean one
    # A guesser who holds a password of its own cannot wash its record on alice by using it.
    throttle.done("7.7.7.1", "mallory", ok=True)
    assert throttle.reserve("7.7.7.1", "alice") > 9 * Throttle.MAX


def test_gate_binds_names_to_keys(tmp_path: Path) -> None:
    named, plain, other = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(3))
    ring = KeyRing(
        'name="alice" ' + named.export_public_key().decode() + plain.export_public_key().decode()
    )
    identities = Identities(tmp_path / "ids.sqlite3")
    gate = Gate({}, ring, identities)
    named, plain, other = (k.convert_to_public() for k in (named, plain, other))
    assert gate.check_key("alice", named, "", "127.0.0.1").ok
    assert not gate.check_key("bob", named, "", "127.0.0.1").ok
    verdict = gate.check_key("alice", plain, "", "127.0.0.1")
    assert not verdict.ok and "belongs to another key" in str(verdict.message)
    assert not gate.check_key("carl", other, "", "127.0.0.1").ok  # not in the file
    assert gate.check_key("carl", plain, "", "127.0.0.1").ok
    identities.close()


def test_key_ring_refuses_a_bad_name_option() -> None:
    key = asyncssh.generate_private_key("ssh-ed25519").export_public_key().decode()
    with pytest.raises(ValueError, match="line 1: name="):
        KeyRing('name="al ice" ' + key)
    with pytest.raises(ValueError, match="no public key"):
        KeyRing("# only a comment\n")


def test_one_spelling_per_player(tmp_path: Path) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519")
    ring = KeyRing('name="Alice" ' + key.export_public_key().decode())
    identities = Identities(tmp_path / "ids.sqlite3")
    gate = Gate({"Bob": "x", "*": "guest"}, ring, identities)
    assert identities.bind("Mira", "SHA256:one")
    assert [gate.canonical(n) for n in ("alice", "BOB", "mira", "zed")] == [
        "Alice", "Bob", "Mira", "zed"
    ]
    identities.close()


def test_one_registry_for_every_door(tmp_path: Path) -> None:
    """Passwords, tokens, name= keys and the store's keys and browsers: an owned name opens
    only with its owner's credential, whatever the door; the wildcard opens only free names."""
    from tulipgames.net.identity import BROWSER, browser_credential

    named, other = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    identities = Identities(tmp_path / "ids.sqlite3")
    closed = Gate({"alice": "secret", "*": "guest"},
                  KeyRing('name="kim" ' + named.export_public_key().decode()
                          + other.export_public_key().decode()),
                  identities, tokens={"t" * 20: "dora"})
    assert identities.bind("kai", fingerprint(other))
    for name in ("alice", "dora", "kim", "kai", "DORA"):
        assert not closed.check_password(name, "guest").ok, name
    assert closed.check_password("zed", "guest").ok
    assert closed.check_token("t" * 20) == "dora" and closed.check_token("t" * 19) is None
    assert not closed.check_key("dora", other, "", "127.0.0.1").ok
    assert closed.canonical("DORA") == "dora"
    assert not closed.check_browser("zed", browser_credential("x" * 20)).ok  # no name form

    open_ = Gate({}, None, identities, allow_keyless=True, tokens={"t" * 20: "dora"})
    mine, theirs = browser_credential("mine" * 8), browser_credential("theirs" * 8)
    assert "mine" not in mine  # the store keeps a hash, never the cookie
    assert open_.check_browser("bea", mine).ok and identities.bind("bea", mine, BROWSER)
    assert open_.check_browser("Bea", mine).ok
    assert not open_.check_browser("bea", theirs).ok
    assert not identities.bind("bea", theirs, BROWSER)
    verdict = open_.check_key("bea", other, "", "127.0.0.1")
    assert not verdict.ok and "web page" in str(verdict.message)
    assert not open_.check_keyless("bea").ok and not open_.check_keyless("dora").ok
    assert not open_.check_browser("dora", mine).ok and not open_.check_browser("kai", mine).ok
    assert open_.check_keyless("gus").ok
    identities.close()


def test_an_identities_file_from_before_browsers_keeps_its_keys(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "ids.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE owners (name_key TEXT PRIMARY KEY, name TEXT NOT NULL,"
               " fingerprint TEXT NOT NULL, since REAL NOT NULL)")
    db.execute("INSERT INTO owners VALUES ('mira', 'Mira', 'SHA256:one', 1.0)")
    db.commit()
    db.close()
    path.chmod(0o644)
    identities = Identities(path)
    assert path.stat().st_mode & 0o777 == 0o600  # the operator's business alone
    record = identities.record("MIRA")
    assert record is not None and (record.kind, record.credential) == ("key", "SHA256:one")
    assert not identities.bind("mira", "SHA256:two")
    assert identities.bind("nora", "SHA256:two")
    identities.close()


async def test_a_client_that_leaves_while_it_waits_gives_its_booking_back() -> None:
    import asyncio

    throttle = Throttle()
    for _ in range(6):
        throttle.reserve("x", "ann")
        throttle.done("x", "ann", ok=False)
    waiting = asyncio.ensure_future(throttle.wait("x", "ann"))
    await asyncio.sleep(0.05)
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    assert all(record.pending == 0 for record in throttle._records.values())
    assert throttle._records["addr:x"].failures == 6  # not counted as a failure either
