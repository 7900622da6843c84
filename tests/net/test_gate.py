"""The login policy and the password throttle alone, on a hand-driven clock."""

from __future__ import annotations

from pathlib import Path

import asyncssh
import pytest

from tulipgames.net.gate import Gate, Throttle
from tulipgames.net.identity import Identities, KeyRing, name_problem


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
    keys = ("addr:1.2.3.4", "name:alice")
    waits = []
    for _ in range(9):  # nine attempts at once: each booked behind the one before
        waits.append(throttle.reserve(keys))
    assert waits == [0, 0, 0, 0, 0.25, 0.75, 1.75, 3.75, 7.75]
    for _ in range(9):
        throttle.done(keys, ok=False)
    clock.now += 7.75
    assert throttle.reserve(keys) == pytest.approx(8.0)  # capped at MAX after the queue
    throttle.done(keys, ok=False)


def test_throttle_success_clears_and_old_failures_are_forgotten() -> None:
    clock = Clock()
    throttle = Throttle(clock)
    for _ in range(6):
        clock.now += throttle.reserve(["name:bob"])  # each attempt waits its turn, then fails
        throttle.done(["name:bob"], ok=False)
    assert throttle.reserve(["name:bob"]) == pytest.approx(1.0)  # the 7th waits 1 s
    throttle.done(["name:bob"], ok=True)
    assert throttle.reserve(["name:bob"]) == 0
    throttle.done(["name:bob"], ok=False)
    for _ in range(6):
        throttle.reserve(["addr:x"])
        throttle.done(["addr:x"], ok=False)
    clock.now += Throttle.FORGET + 1
    assert throttle.reserve(["addr:x"]) == 0


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
