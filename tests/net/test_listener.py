"""The pure parts of :mod:`tulipgames.net.listener`: PROXY lines, forwarded addresses, admission.
(The listener on real sockets: ``test_operations`` and ``test_flood``.)"""

from __future__ import annotations

import pytest

from tulipgames.net.listener import Admission, forwarded_address, parse_proxy_line


def test_proxy_lines() -> None:
    assert parse_proxy_line(b"PROXY TCP4 203.0.113.7 127.0.0.1 41234 2222") == \
        ("203.0.113.7", 41234)
    assert parse_proxy_line(b"PROXY TCP6 2001:db8::1 ::1 5000 2222") == ("2001:db8::1", 5000)
    assert parse_proxy_line(b"PROXY UNKNOWN") is None
    assert parse_proxy_line(b"PROXY UNKNOWN ff:ff::1 ::1 1 2") is None


@pytest.mark.parametrize("line", [
    b"SSH-2.0-OpenSSH_9.6",
    b"PROXY",
    b"PROXY TCP4 203.0.113.7 127.0.0.1 41234",  # a field short
    b"PROXY TCP4 2001:db8::1 127.0.0.1 1 2",  # an IPv6 address said to be TCP4
    b"PROXY TCP4 203.0.113.999 127.0.0.1 1 2",
    b"PROXY TCP4 203.0.113.7 127.0.0.1 70000 2",
    b"PROXY TCP4 203.0.113.7 127.0.0.1 -1 2",
    b"PROXY TCP4 203.0.113.7 127.0.0.1 x 2",
    b"PROXY UDP4 203.0.113.7 127.0.0.1 1 2",
    "PROXY TCP4 ２０３.0.113.7 127.0.0.1 1 2".encode(),
])
def test_bad_proxy_lines_raise(line: bytes) -> None:
    with pytest.raises((ValueError, UnicodeDecodeError)):
        parse_proxy_line(line)


def test_only_the_last_forwarded_address_is_taken() -> None:
    assert forwarded_address("1.1.1.1, 203.0.113.7") == "203.0.113.7"  # the first: the client's
    assert forwarded_address(" 2001:db8::1 ") == "2001:db8::1"
    assert forwarded_address("203.0.113.7, evil") is None
    assert forwarded_address("") is None
    assert forwarded_address(None) is None


def test_admission_caps_per_address_in_all_and_by_rate() -> None:
    door = Admission("ssh", per_address=3, total=5, rate=0.001, burst=4,
                     exempt=frozenset({"127.0.0.1"}))
    assert [door.admit("10.0.0.1") for _ in range(3)] == [None] * 3
    assert "from this address" in str(door.admit("10.0.0.1"))
    door.release("10.0.0.1")
    assert door.admit("10.0.0.1") is None  # a place came free: the burst still has a token
    door.release("10.0.0.1")
    assert "a second" in str(door.admit("10.0.0.1"))  # four new ones used the burst
    assert door.admit("127.0.0.1") is None and door.admit("127.0.0.1") is None  # the proxy
    assert door.admit("10.0.0.2") is None
    assert door.open == 5  # two of 10.0.0.1, two of the proxy, one of 10.0.0.2
    assert door.admit("10.0.0.3") == "5 ssh connections open"
