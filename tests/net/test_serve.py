"""``tulipgames serve`` with real OpenSSH clients: refusals, caps, the lobby, resizing."""

from __future__ import annotations

import re
import subprocess
import time

from tests.net.conftest import Server, Tmux, menu_pick, needs_clients

pytestmark = needs_clients


def run_ssh(server: Server, *args: str) -> subprocess.CompletedProcess[str]:
    command = server.ssh_command("zoe", *args[:-1]) + ([args[-1]] if args else [])
    return subprocess.run(command, capture_output=True, text=True, timeout=20)


def test_banner_prints_fingerprint_and_open_access(server: Server) -> None:
    banner = "\n".join(server.banner)
    assert re.search(r"fingerprint: SHA256:\S{43}", banner)
    assert "OPEN" in banner
    assert (server.data_dir / "ssh_host_ed25519_key").exists()


def test_a_session_without_a_terminal_plays_in_plain_text(server: Server) -> None:
    """`ssh -T` (a screen reader's or a script's session) gets the plain-text menu and games,
    seated under its login name, and the game it plays is saved in that player's games."""
    answers = "5\nzoe,bot\n1\n1\nlook\nquit\n8\n"  # Sixty-One: a placement, look, quit
    result = subprocess.run(
        server.ssh_command("zoe", "-T"), input=answers, capture_output=True, text=True,
        timeout=60,
    )
    out = result.stdout
    assert result.returncode == 0, result.stderr
    assert "tulipgames, plain-text mode. Choose by number." in out
    assert "Sixty-One. Players: zoe, Bot 2 (bot, normal)." in out
    assert "Your leaf total:" in out and "zoe's sheet:" in out
    saved = re.search(r"Saved as game (\d+)\. Reconnect and choose Resume", out)
    assert saved, out[-800:]
    assert "\x1b[" not in out  # no terminal codes: plain lines only
    assert server.alive()
    # the game is in zoe's own saves
    again = subprocess.run(
        server.ssh_command("zoe", "-T"), input="6\n0\n8\n", capture_output=True, text=True,
        timeout=60,
    )
    assert f"Game {saved.group(1)}, Sixty-One: zoe, Bot 2" in again.stdout


def test_plain_text_input_is_bounded(server: Server) -> None:
    """A flood of lines at a session without a terminal is cut to the queue; the server stays
    up and answers another player."""
    flood = ("x" * 5000 + "\n") * 200 + "8\n"
    result = subprocess.run(
        server.ssh_command("zoe", "-T"), input=flood, capture_output=True, text=True,
        timeout=60,
    )
    assert result.returncode == 0
    assert "Choose a number from 1 to 8." in result.stdout
    assert server.alive()
    other = subprocess.run(
        server.ssh_command("ana", "-T"), input="8\n", capture_output=True, text=True,
        timeout=60,
    )
    assert "Goodbye." in other.stdout


def test_commands_are_refused(server: Server) -> None:
    result = subprocess.run(
        [*server.ssh_command("zoe", "-t"), "cat /etc/passwd"],
        capture_output=True, text=True, timeout=20, stdin=subprocess.DEVNULL,
    )
    assert result.returncode == 1
    assert "root:" not in result.stdout
    assert "runs no commands" in result.stdout


def test_host_key_persists_across_restarts(server: Server) -> None:
    first = [line for line in server.banner if "fingerprint" in line]
    server.stop()
    again = Server(server.data_dir)
    try:
        assert [line for line in again.banner if "fingerprint" in line] == first
    finally:
        again.stop()


def test_open_join_and_lobby_shows_both(server: Server, tmux: Tmux) -> None:
    ana = tmux.client("ana", server.ssh_command("ana"), (100, 30))
    ben = tmux.client("ben", server.ssh_command("ben"))
    menu_pick(ana, 2)
    ana.wait_for("Pick the game with the arrows")
    ana.keys("End", "Enter")  # the last game of the list
    screen = ana.wait_for(r"Join code: [A-Z2-9]{4}")
    code = re.search(r"Join code: ([A-Z2-9]{4})", screen).group(1)
    assert "Seat 2: (open)" in screen
    menu_pick(ben, 1)
    ben.wait_for(code)  # the list of open tables shows it
    ben.type(code.lower())
    ben.keys("Enter")
    ben.wait_for(r"Seat 2: ben\s+<- you")
    ana.wait_for(r"\* Seat 2: ben")
    ben.keys("Escape")
    ana.wait_for("Seat 2: \\(open\\)")
    [opened] = server.log_lines("table_opened")
    assert f"code={code}" in opened and "host=ana" in opened
    assert {"name=ana", "name=ben"} <= {
        field for line in server.log_lines("login") for field in line.split()
    }


def test_resize_follows_and_too_small_notice(server: Server, tmux: Tmux) -> None:
    ana = tmux.client("ana", server.ssh_command("ana"), (80, 24))
    screen = ana.wait_for("Join a table")
    narrow = max(len(line.rstrip()) for line in screen.splitlines())
    assert narrow <= 80
    ana.resize(120, 40)
    ana.wait_for(r"╭─{90,}╮")  # the menu box widens with the window
    ana.resize(60, 20)
    ana.wait_for(r"Terminal too small")
    ana.resize(80, 24)
    ana.wait_for("Join a table")
    assert server.alive()


def test_flood_beyond_the_cap_is_refused_cleanly(tmp_path, tmux: Tmux) -> None:
    server = Server(tmp_path, "--max-sessions", "2")
    try:
        players = [tmux.client(f"p{i}", server.ssh_command(f"p{i}")) for i in range(2)]
        for player in players:
            player.wait_for("Join a table")
        flood = [
            subprocess.Popen(
                server.ssh_command(f"x{i}", "-tt"), stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL, text=True,
            )
            for i in range(8)
        ]
        for client in flood:  # all at once, each told why and closed
            out, _ = client.communicate(timeout=30)
            assert client.returncode == 1
            assert "The tulipgames server is full (2 players)" in out
        players[0].keys("End", "Up", "Enter")
        players[0].wait_for("Join a table")  # still answers
        assert server.alive()
    finally:
        server.stop()


def test_idle_session_is_closed_with_a_note(tmp_path, tmux: Tmux) -> None:
    server = Server(tmp_path, "--idle-timeout", "2")
    try:
        ana = tmux.client("ana", server.ssh_command("ana"))
        ana.wait_for("Join a table")
        ana.wait_for(r"Closed after 2 s without a key press", timeout=20)
        assert server.alive()
    finally:
        server.stop()


def test_garbage_from_one_client_leaves_the_other_playing(server: Server, tmux: Tmux) -> None:
    ana = tmux.client("ana", server.ssh_command("ana"))
    ben = tmux.client("ben", server.ssh_command("ben"))
    ana.wait_for("Join a table")
    ben.wait_for("Join a table")
    noise = "\x1b[999;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;M\x1b[<1;2;3M\x1bP\x1b]52;c;AAAA\x07"
    for chunk in (noise, "\x1b[" * 40, "\x9b\xff\xfe", "\x1b[200~" + "x" * 2000 + "\x1b[201~"):
        ana.type(chunk)
    ben.keys("End")
    ben.wait_for("Leave tulipgames")
    # Some of the noise reads as keys (it may open a screen): back out, ana's session answers.
    for _ in range(4):
        ana.keys("Escape")
        ana.wait_for(".", timeout=2)
    ana.wait_for("Join a table")
    ana.keys("End")
    ana.wait_for("Leave tulipgames")
    assert server.alive()


def test_server_stops_cleanly_and_tells_the_players(tmp_path, tmux: Tmux) -> None:
    server = Server(tmp_path)
    try:
        ana = tmux.client("ana", server.ssh_command("ana"))
        ana.wait_for("Join a table")
        server.proc.terminate()
        assert server.proc.wait(15) == 0
        ana.wait_for("The server is shutting down. Your games are saved.")
    finally:
        if server.alive():  # never leave a server behind, even when this test fails
            server.proc.kill()


def test_vanishing_clients_leave_no_traceback(server: Server, tmux: Tmux) -> None:
    # Opened first: it keeps the private tmux server alive while the others come and go.
    survivor = tmux.client("survivor", server.ssh_command("survivor"))
    survivor.wait_for("Join a table")
    for round_ in range(8):
        client = tmux.client(f"gone{round_}", server.ssh_command(f"gone{round_}"))
        client.wait_for("Join a table")
        for key in ("End", "Up", "Enter", "Escape", "Down")[: 1 + round_ % 5]:
            client.tmux.run("send-keys", "-t", client.name, key)
        client.close()  # the terminal and its ssh vanish mid-repaint
    survivor.keys("End")
    survivor.wait_for("Leave tulipgames")
    deadline = time.monotonic() + 20
    while len(server.log_lines("disconnect")) < 8 and time.monotonic() < deadline:
        time.sleep(0.1)  # the server notices each vanished client
    log = (server.data_dir / "serve.err").read_text()
    assert len(server.log_lines("disconnect")) >= 8, log[-3000:]
    assert "Traceback" not in log and "BrokenPipeError" not in log, log[-3000:]
