"""``tulipgames serve``: the built-in SSH server where remote players share tables.

The CLI calls :func:`add_arguments` on its ``serve`` subparser and :func:`run` with the parsed
arguments. See the README ("Play with friends") for how to play and the safety notes, and
:mod:`tulipgames.net.server` for why one process runs one Textual app per connection.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import signal
import sys
from pathlib import Path
from typing import Any

#: Anything but these needs access control (or a deliberate ``--host``).


def add_arguments(parser: argparse.ArgumentParser, browser_only: bool = False) -> None:
    """The options of ``tulipgames serve`` (``browser_only``: of ``tulipgames web``)."""
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1: this machine only)")
    if browser_only:
        parser.add_argument("--port", type=int, default=8080,
                            help="TCP port of the web page (default 8080)")
        parser.set_defaults(web=None, browser_only=True)
    else:
        parser.add_argument("--port", type=int, default=2222, help="TCP port (default 2222)")
        parser.add_argument("--web", type=int, metavar="PORT",
                            help="also serve the game in a browser on this port (needs "
                                 'pip install "tulipgames[web]")')
        parser.set_defaults(browser_only=False)
    parser.add_argument("--web-tokens", type=Path, metavar="FILE",
                        help="name:token lines: http://host:PORT/t/TOKEN logs that player in "
                             "from a browser")
    parser.add_argument("--web-host", action="append", default=[], metavar="NAME",
                        help="a name the web page is reached by (the Host header; repeatable; "
                             "127.0.0.1, localhost and --host are always accepted)")
    parser.add_argument("--max-sessions", type=int, default=32, metavar="N",
                        help="most players connected at once, with or without a session "
                             "(default 32)")
    parser.add_argument("--idle-timeout", type=float, default=1800, metavar="SECONDS",
                        help="close a session after this long without a key press (default 1800)")
    parser.add_argument("--authorized-keys", type=Path, metavar="FILE",
                        help="admit only these public keys (OpenSSH authorized_keys format; "
                             'a line may start with name="alice" to bind the key to that name)')
    parser.add_argument("--password-file", type=Path, metavar="FILE",
                        help="admit name:password pairs from FILE (*:password admits any name)")
    parser.add_argument("--login-timeout", type=float, default=30, metavar="SECONDS",
                        help="close a connection that has not logged in and opened a session "
                             "within this time (default 30)")
    parser.add_argument("--allow-keyless", action="store_true",
                        help="open server: also admit clients without an SSH key, under names "
                             "no key owns yet (by default a key is needed and owns its name)")
    parser.add_argument("--behind-proxy", metavar="ADDRESS[,ADDRESS]", default="",
                        help="a reverse proxy at ADDRESS passes the players on: its "
                             "connections carry the client's address (PROXY protocol v1 on the "
                             "SSH port, X-Forwarded-For on the web port); refused for an open "
                             "server (needs --password-file, --authorized-keys or --web-tokens)")
    parser.add_argument("--log", type=Path, metavar="FILE",
                        help="append the structured log (logins, refusals, tables) to FILE "
                             "instead of stderr")
    if not browser_only:
        parser.add_argument("--workers", type=int, metavar="N",
                            help="worker processes for the sessions' apps, to use every core "
                                 "(default: one per core; 0: all in one process; the shared "
                                 "tables and the browser door stay in the main process)")
    parser.add_argument("--log-chat", action="store_true",
                        help="also write what players say in table chat to the log (off by "
                             "default)")
    parser.add_argument("--data-dir", type=Path, metavar="DIR",
                        help="host key, saved games and tables (default: the tulipgames data dir)")
    parser.add_argument("--database", metavar="URL",
                        help="keep tables, identities, players' games and high scores in this "
                             "PostgreSQL database (postgresql://...; needs tulipgames[postgres]) "
                             "instead of SQLite files in --data-dir")
    # Notices outside the terminal (tulipgames/net/outbound.py): each player opts in from ctrl+p.
    parser.add_argument("--smtp", metavar="HOST:PORT",
                        help="send by-mail tables' turn notices by e-mail through this SMTP "
                             "server (STARTTLS when it offers it); needs --smtp-from")
    parser.add_argument("--smtp-from", metavar="ADDR", help="the notices' From address")
    parser.add_argument("--smtp-login", type=Path, metavar="FILE",
                        help="the SMTP user on the first line of FILE, its password on the "
                             "second (sent only over STARTTLS or to this machine)")
    parser.add_argument("--webhook-allow", action="append", default=[], metavar="HOST",
                        help="players may have notices POSTed as JSON to URLs on HOST (or "
                             "HOST:PORT), e.g. ntfy.sh; repeat for more hosts")


def proxy_addresses(text: str) -> tuple[tuple[str, ...], str | None]:
    """The addresses of ``--behind-proxy`` (comma-separated IP addresses), or why not."""
    import ipaddress

    addresses = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        try:
            addresses.append(str(ipaddress.ip_address(part)))
        except ValueError:
            return (), f"--behind-proxy: {part!r} is not an IP address (the proxy's, as this " \
                "server sees its connections)"
    return tuple(addresses), None


def proxy_problem(proxies: tuple[str, ...], ssh: bool, keys: bool, passwords: bool,
                  tokens: bool) -> str | None:
    """Why a server behind a proxy may not start as configured, or ``None``.

    An open server is allowed on 127.0.0.1 because only this machine reaches it; a reverse
    proxy on this machine hands it the internet. So behind a proxy every door needs its own
    credentials: the SSH door keys or passwords, the browser door passwords or tokens.
    """
    if not proxies:
        return None
    if not (keys or passwords or tokens):
        return ("--behind-proxy: the proxy would open this server to everyone who reaches the "
                "proxy; give --password-file, --authorized-keys or --web-tokens")
    if ssh and not (keys or passwords):
        return ("--behind-proxy: the SSH door would be open to everyone who reaches the proxy "
                "(--web-tokens admit browsers only); give --password-file or --authorized-keys, "
                "or serve browsers only with tulipgames web")
    return None


def _fail(message: str) -> int:
    print(f"tulipgames serve: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted; 0 after a clean stop, 2 for bad arguments, 1 if it cannot start."""
    from tulipgames.net.server import ServerConfig, read_password_file
    from tulipgames.store import ENV_DATABASE, StoreError, default_data_dir

    if not 0 <= args.port <= 65535:
        return _fail(f"--port must be 0-65535, not {args.port}")
    web_port = args.port if args.browser_only else args.web
    if web_port is not None and not 0 <= web_port <= 65535:
        return _fail(f"--web must be 0-65535, not {web_port}")
    if args.max_sessions < 1:
        return _fail(f"--max-sessions must be at least 1, not {args.max_sessions}")
    if args.idle_timeout <= 0:
        return _fail(f"--idle-timeout must be positive, not {args.idle_timeout}")
    workers = getattr(args, "workers", None)
    if workers is None:
        from tulipgames.net.worker import default_workers

        workers = 0 if args.browser_only else default_workers()
    if not 0 <= workers <= 64:
        return _fail(f"--workers must be 0-64, not {workers}")
    if args.login_timeout <= 0:
        return _fail(f"--login-timeout must be positive, not {args.login_timeout}")
    if args.authorized_keys is not None:
        from tulipgames.net.identity import KeyRing

        try:
            KeyRing.read(args.authorized_keys)
        except (OSError, ValueError, UnicodeDecodeError) as exc:
            return _fail(f"--authorized-keys {args.authorized_keys}: {exc}")
    if args.allow_keyless and (args.authorized_keys is not None or args.password_file is not None):
        return _fail("--allow-keyless is for open servers (no --authorized-keys/--password-file)")
    passwords: dict[str, str] = {}
    if args.password_file is not None:
        try:
            passwords = read_password_file(args.password_file)
        except (OSError, ValueError) as exc:
            return _fail(f"--password-file: {exc}")
        if not passwords:
            return _fail(f"--password-file: {args.password_file} has no name:password line")
    proxies, problem = proxy_addresses(args.behind_proxy)
    if problem is not None:
        return _fail(problem)
    tokens: dict[str, str] = {}
    if web_port is None and args.web_tokens is not None:
        return _fail("--web-tokens is for the browser door: add --web PORT")
    if web_port is not None:
        try:
            from tulipgames.net import web
        except ImportError as exc:
            return _fail(f'the browser door needs pip install "tulipgames[web]" ({exc.name} '
                         "is missing)")
        if args.web_tokens is not None:
            try:
                tokens = web.read_token_file(args.web_tokens)
            except (OSError, ValueError) as exc:
                return _fail(f"--web-tokens: {exc}")
        problem = web.web_problem(
            args.host, args.authorized_keys is None and not passwords, bool(passwords),
            bool(tokens),
        )
        if problem is not None:
            return _fail(problem)
    problem = proxy_problem(proxies, not args.browser_only, args.authorized_keys is not None,
                            bool(passwords), bool(tokens))
    if problem is not None:
        return _fail(problem)
    try:
        outbound = _outbound(args)
    except (OSError, ValueError) as exc:
        return _fail(str(exc))
    config = ServerConfig(
        data_dir=(args.data_dir or default_data_dir()).expanduser(),
        host=args.host,
        port=args.port,
        max_sessions=args.max_sessions,
        idle_timeout=args.idle_timeout,
        authorized_keys=args.authorized_keys,
        passwords=passwords,
        login_timeout=args.login_timeout,
        allow_keyless=args.allow_keyless,
        web_port=web_port,
        web_tokens=tokens,
        web_hosts=tuple(args.web_host),
        ssh=not args.browser_only,
        workers=workers,
        proxies=proxies,
        log_chat=args.log_chat,
        database=getattr(args, "database", None),
    )
    if config.database is not None:
        if not config.database.startswith(("postgresql://", "postgres://")):
            return _fail("--database takes a postgresql:// URL")
        os.environ[ENV_DATABASE] = config.database  # for the workers' player stores
    from tulipgames.net.listener import fit_file_descriptors
    from tulipgames.net.server import files_needed

    _, problem = fit_file_descriptors(files_needed(config))
    if problem is not None:
        return _fail(f"--max-sessions {config.max_sessions} {problem}")
    logging.basicConfig(
        stream=sys.__stderr__, level=logging.INFO, format="%(asctime)s %(message)s"
    )
    from tulipgames.net import audit

    # Everything the server and its workers create from here on (the data directory, saves,
    # identities, the host key, the log) is the operator's alone: directories 0700, files 0600.
    os.umask(0o077)
    try:
        audit.configure(args.log, sys.__stderr__)
    except OSError as exc:
        return _fail(f"--log {args.log}: {exc}")
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    try:
        return asyncio.run(_serve(config, outbound))
    except StoreError as exc:
        print(f"tulipgames serve: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"tulipgames serve: cannot listen on {args.host}:{args.port}: {exc}", file=sys.stderr)
        return 1


def _outbound(args: argparse.Namespace) -> Any:
    """The operator's e-mail and webhook settings (an ``Outbound``; ``None`` when neither is
    set). The sessions (in workers too) learn what is offered from the environment, never
    the login."""
    from tulipgames.net.outbound import (
        OFFERED_ENV,
        Outbound,
        check_email,
        host_port,
        read_login,
    )

    smtp, sender = getattr(args, "smtp", None), getattr(args, "smtp_from", None)
    login_file, hooks = getattr(args, "smtp_login", None), getattr(args, "webhook_allow", [])
    if smtp is None and (sender or login_file):
        raise ValueError("--smtp-from and --smtp-login go with --smtp HOST:PORT")
    if smtp is None and not hooks:
        os.environ.pop(OFFERED_ENV, None)
        return None
    host, port = (None, 25) if smtp is None else host_port(smtp)
    if smtp is not None and not sender:
        raise ValueError("--smtp needs --smtp-from ADDR (the notices' From address)")
    if sender:
        check_email(sender)
    login = None
    if login_file is not None:
        try:
            login = read_login(login_file)
        except OSError as exc:
            raise ValueError(f"--smtp-login: {exc}") from exc
    outbound = Outbound(host, port, sender or "", login,
                        frozenset(h.strip().lower() for h in hooks if h.strip()))
    os.environ[OFFERED_ENV] = outbound.offered_json()
    return outbound


async def _serve(config: object, outbound: Any = None) -> int:
    from tulipgames.net import audit
    from tulipgames.net.app import ServerApp, lobby_entries, player_dir
    from tulipgames.net.lobby import Lobby
    from tulipgames.net.server import LOOPBACK, GameServer, ServerConfig, SessionInfo
    from tulipgames.store import Store

    assert isinstance(config, ServerConfig)
    store = Store(config.data_dir, database=config.database)
    leases, node = None, ""
    if config.database is not None:  # nodes on one database: one runs each table (a lease)
        from tulipgames.store_pg import NODE, database

        leases, node = database(config.database), NODE
    lobby = Lobby(store, config.data_dir, leases=leases, node=node)
    lobby.log_chat = config.log_chat

    def new_app(info: SessionInfo) -> ServerApp:
        own = store.for_player(info.username, player_dir(config.data_dir, info.username))
        return ServerApp(info, lobby, own)

    def new_plain(info: SessionInfo, console: Any) -> int:
        """A session without a terminal: the plain-text menu on the player's own saves."""
        from tulipgames.plain.menu import plain_menu

        own = store.for_player(info.username, player_dir(config.data_dir, info.username))
        try:
            return plain_menu(own, console, lobby)
        finally:
            own.close()

    def at_home(name: str) -> bool:
        """A player seated at a live table logs in to this process, where the table is."""
        return lobby.seated_live(name) is not None

    server = GameServer(config, new_app, new_plain, at_home,
                        lambda name: lobby_entries(lobby, name))
    lobby.listeners.add(lambda *_: server.entries_changed())
    # who is logged in, for invitations by name: any session, SSH or browser, in any process
    lobby.online = lambda name: any(getattr(s, "username", None) == name for s in server.sessions)
    server.lobby = lobby  # with workers, the live tables go to them (net/homes.py)
    events_task = sweep_task = None
    if config.database is not None:
        # Nodes on one database: another node's move redraws the copy of its table here and
        # "Your tables"; the node holding a table's lease runs its bots and clock, and takes
        # over the tables in memory here whose node died (lobby.sweep).
        from tulipgames.net.lobby import lease_seconds
        from tulipgames.store_pg import TableEvent, TableEvents

        def heard(event: TableEvent) -> None:
            if event.elsewhere:
                lobby.heard(event)
                server.entries_changed()

        async def sweep() -> None:
            while True:
                await asyncio.sleep(lease_seconds() / 3)
                try:
                    lobby.sweep()
                except Exception:  # never the end of the leases: the next sweep tries again
                    logging.getLogger("tulipgames.serve").exception("lease sweep failed")

        events_task = asyncio.create_task(TableEvents(config.database, heard).run())
        sweep_task = asyncio.create_task(sweep())
    notifier_task = None
    if outbound is not None:
        from tulipgames.net.outbound import Notifier

        notifier = Notifier(lobby, outbound, config.data_dir)
        notifier.attach()
        notifier_task = asyncio.create_task(notifier.run())
        channels = []
        if outbound.email:
            channels.append(f"e-mail via {outbound.smtp_host}:{outbound.smtp_port}")
        if outbound.webhook:
            channels.append(f"webhooks to {', '.join(sorted(outbound.webhook_hosts))}")
        print(f"notices for by-mail tables: {' and '.join(channels)} (each player opts in)",
              file=sys.__stdout__)
    await server.start(ssh=config.ssh)
    door = None
    if config.web_port is not None:
        from tulipgames.net.web import WebDoor

        door = WebDoor(server, config.host, config.web_port, config.web_tokens)
        try:
            await door.start()
        except OSError as exc:
            print(f"tulipgames serve: cannot listen on {config.host}:{config.web_port} for "
                  f"the web page: {exc}", file=sys.stderr)
            await server.stop()
            store.close()
            return 1
    out = sys.__stdout__
    if config.ssh:
        print(f"tulipgames serve: listening on {config.host}:{server.port}", file=out)
        print(f"host key fingerprint: {server.fingerprint} (ED25519)", file=out)
    print(f"data directory: {config.data_dir}", file=out)
    if config.database is not None:
        from tulipgames.store_pg import shown_url

        print(f"store: PostgreSQL {shown_url(config.database)}", file=out)
    if server.pool is not None:
        pids = ", ".join(str(worker.pid) for worker in server.pool.workers)
        print(f"workers: {len(server.pool.workers)} processes ({pids}) run the sessions' apps; "
              "the tables are in this one", file=out)
    if config.open:
        where = "this machine" if config.host in LOOPBACK else f"anyone who can reach {config.host}"
        keys = ("any key; keyless clients too, under names no key owns" if config.allow_keyless
                else "any SSH key; the first key to use a name owns it")
        if not config.ssh:
            keys = "a browser player picks a name that no SSH key owns"
        print(f"access: OPEN, no password asked ({where} may connect; {keys})", file=out)
    else:
        kinds = [k for k, on in (("keys", config.authorized_keys), ("passwords", config.passwords),
                                 ("web tokens", config.web_tokens)) if on]
        print(f"access: {' and '.join(kinds)} only", file=out)
    if config.proxies:
        print(f"behind a proxy: connections from {', '.join(config.proxies)} carry the "
              "client's address (PROXY protocol on SSH, X-Forwarded-For on the web)", file=out)
    page = ""
    if door is not None:
        page = f"http://{f'[{config.host}]' if ':' in config.host else config.host}:{door.port}/"
        links = " (and each player's /t/TOKEN link)" if config.web_tokens else ""
        print(f"web: {page}{links}", file=out)
    if config.ssh:
        print(f"play: ssh -p {server.port} yourname@{config.host}", file=out, flush=True)
    else:
        print(f"play: open {page} in a browser", file=out, flush=True)

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(signum, stop.set)
    with contextlib.suppress(NotImplementedError, RuntimeError, AttributeError):
        loop.add_signal_handler(signal.SIGHUP, _reopen_log)
    await stop.wait()
    print("tulipgames serve: stopping", file=out, flush=True)
    for signum in (signal.SIGINT, signal.SIGTERM):  # a second signal: stop at once
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(signum, os._exit, 1)
    await server.stop()
    if door is not None:
        await door.stop()
    if notifier_task is not None:
        notifier_task.cancel()
        await asyncio.wait_for(notifier.drain(), 30)
    if events_task is not None:
        events_task.cancel()
    if sweep_task is not None:
        sweep_task.cancel()
    audit.flush_refusals()
    store.close()
    return 0


def _reopen_log() -> None:
    """``SIGHUP``: logrotate (``postrotate``) or ``systemctl reload`` asks for a fresh ``--log``
    file under the same name; the server and its sessions go on."""
    from tulipgames.net import audit

    problem = audit.reopen()
    if problem is not None:
        print(f"tulipgames serve: cannot reopen the log: {problem}", file=sys.__stderr__,
              flush=True)
    audit.record("log_reopened", problem=problem)


def main(argv: list[str] | None = None) -> int:
    """``python -m tulipgames.net.ssh``: the same as ``tulipgames serve``."""
    parser = argparse.ArgumentParser(prog="tulipgames serve", description=__doc__)
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
