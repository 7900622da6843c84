"""A real browser at the web door, and the browser-versus-SSH measurement.

:class:`Browser` drives headless Chromium (Debian's ``/usr/bin/chromium``, never a downloaded
build) through Playwright: it logs in on the page, types with real key events and reads the
screen from xterm.js's own buffer, which is what the player sees. To reach that buffer the
page's ``textual.js`` is handed over with one line added that keeps a reference to its terminal
(``window.__tg``); nothing else of the page changes.

    python -m tulipgames.net.web_loadtest --keys 40

starts ``tulipgames serve --web`` on free loopback ports, opens one SSH client (asyncssh + pyte,
as :mod:`tulipgames.net.loadtest`) and one browser tab side by side, and has each press End and
Up on the menu in turn. Each keystroke is timed until the screen shows (or stops showing) Quit's
help line, and the bytes that reached the client for it are counted. Bounded: at most
:data:`MAX_KEYS` keystrokes each, every wait times out, loopback only.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.async_api import Browser as PlaywrightBrowser
from playwright.async_api import Page, Playwright, Route, WebSocket, async_playwright

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
MAX_KEYS = 200
#: A viewport whose terminal is 80x24 at the page's 16 px font (9x19 px cells).
SIZE_80X24 = (722, 470)
WAIT = 30.0
#: The line of textual.js that creates its terminal, and the same line keeping a reference.
_HOOK = ("const t=new w(e,{ping:r});", "const t=new w(e,{ping:r});window.__tg=t;")

_SCREEN_JS = """() => {
  const term = window.__tg.terminal, buffer = term.buffer.active, rows = [];
  for (let y = 0; y < term.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    rows.push(line ? line.translateToString(true) : "");
  }
  return rows.join("\\n");
}"""

#: Resolves with the page's clock once the terminal has parsed output that makes ``text``
#: appear (or disappear): the keystroke-to-screen end point, measured inside the page.
_UNTIL_JS = """([text, present, timeout]) => new Promise((resolve, reject) => {
  const term = window.__tg.terminal;
  const shows = () => {
    const buffer = term.buffer.active;
    for (let y = 0; y < term.rows; y++) {
      const line = buffer.getLine(buffer.viewportY + y);
      if (line && line.translateToString(true).includes(text)) return true;
    }
    return false;
  };
  if (shows() === present) { resolve(performance.now()); return; }
  const listener = term.onWriteParsed(() => {
    if (shows() !== present) return;
    listener.dispose(); clearTimeout(timer); resolve(performance.now());
  });
  const timer = setTimeout(() => { listener.dispose(); reject(new Error("timeout")); }, timeout);
})"""


def chromium_missing() -> str | None:
    """Why no browser test can run here, or ``None``."""
    if not Path(CHROMIUM).exists():
        return f"{CHROMIUM} is missing (apt-get install chromium chromium-driver)"
    return None


class Browser:
    """One headless Chromium with one tab at a time on the web door."""

    def __init__(self, playwright: Playwright, browser: PlaywrightBrowser) -> None:
        self._playwright = playwright
        self._browser = browser
        self.page: Page | None = None
        #: Bytes of terminal output the tab received over its websocket.
        self.received = 0

    @classmethod
    async def launch(cls) -> Browser:
        playwright = await async_playwright().start()
        browser = await playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
        )
        return cls(playwright, browser)

    async def close(self) -> None:
        await self._browser.close()
        await self._playwright.stop()

    async def open(self, url: str, size: tuple[int, int] = (1100, 700)) -> Page:
        """A new tab at ``url`` (the page or a token link), its terminal hooked."""
        context = await self._browser.new_context(viewport={"width": size[0], "height": size[1]})
        page = self.page = await context.new_page()

        async def hook(route: Route) -> None:
            response = await route.fetch()
            body = await response.text()
            assert _HOOK[0] in body, "textual.js changed: update the hook"
            await route.fulfill(response=response, body=body.replace(*_HOOK))

        def count(ws: WebSocket) -> None:
            ws.on("framereceived", self._count)

        await page.route("**/static/textual.js", hook)
        page.on("websocket", count)
        await page.goto(url)
        return page

    def _count(self, payload: str | bytes) -> None:
        if isinstance(payload, bytes):
            self.received += len(payload)

    async def log_in(
        self, base: str, name: str, password: str | None = None,
        size: tuple[int, int] = (1100, 700),
    ) -> None:
        """Fill the page's login form and wait for the terminal."""
        page = await self.open(base, size)
        await page.fill("#name", name)
        if password is not None:
            await page.fill("#password", password)
        await page.click("button")
        await self.wait_terminal()

    async def wait_terminal(self) -> None:
        assert self.page is not None
        await self.page.wait_for_function(
            "window.__tg && window.__tg.terminal", timeout=WAIT * 1000
        )
        await self.page.focus(".xterm-helper-textarea")  # where xterm.js takes the keys

    async def screen(self) -> str:
        assert self.page is not None
        return str(await self.page.evaluate(_SCREEN_JS))

    async def wait_for(self, pattern: str, timeout: float = WAIT) -> str:
        """The screen once ``pattern`` (a regex) is on it; fails with the screen if never."""
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = await self.screen()
            if re.search(pattern, screen):
                return screen
            await asyncio.sleep(0.1)
        raise AssertionError(f"{pattern!r} never appeared in the browser:\n{screen}")

    async def press(self, *keys: str) -> None:
        assert self.page is not None
        for key in keys:
            await self.page.keyboard.press(key)
            await asyncio.sleep(0.05)

    async def type(self, text: str) -> None:
        assert self.page is not None
        await self.page.keyboard.type(text)

    async def size(self) -> tuple[int, int]:
        assert self.page is not None
        cols, rows = await self.page.evaluate(
            "[window.__tg.terminal.cols, window.__tg.terminal.rows]"
        )
        return int(cols), int(rows)

    async def resize(self, width: int, height: int) -> tuple[int, int]:
        """Resize the viewport; the terminal's new (cols, rows) once xterm.js has refitted.

        The page refits on its resize event, a moment after the viewport changes, so this waits
        for the cell count to move rather than reading it at once.
        """
        assert self.page is not None
        before = await self.size()
        await self.page.set_viewport_size({"width": width, "height": height})
        deadline = asyncio.get_running_loop().time() + WAIT
        while (now := await self.size()) == before:
            if asyncio.get_running_loop().time() > deadline:
                break
            await asyncio.sleep(0.05)
        return now

    async def timed_press(self, key: str, text: str, present: bool) -> float:
        """Seconds from pressing ``key`` until ``text`` shows (or goes), on the page's clock."""
        assert self.page is not None
        start = float(await self.page.evaluate("performance.now()"))
        waiting = asyncio.ensure_future(
            self.page.evaluate(_UNTIL_JS, [text, present, WAIT * 1000])
        )
        await self.page.keyboard.press(key)
        return (float(await waiting) - start) / 1000


# -- the measurement --------------------------------------------------------------------------
def _start_server(data_dir: Path) -> tuple[subprocess.Popen[str], int, int]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "tulipgames", "serve", "--host", "127.0.0.1", "--port", "0",
         "--web", "0", "--data-dir", str(data_dir)],
        stdout=subprocess.PIPE, stderr=open(data_dir / "serve.err", "w"),  # noqa: SIM115
        text=True, env={**os.environ, "TULIPGAMES_HOME": str(data_dir)},
    )
    assert proc.stdout is not None
    banner = ""
    while not banner.count("play:"):
        line = proc.stdout.readline()
        if not line:
            raise RuntimeError((data_dir / "serve.err").read_text())
        banner += line
    ssh = re.search(r"listening on [\d.]+:(\d+)", banner)
    web = re.search(r"web: http://[\d.]+:(\d+)/", banner)
    assert ssh and web, banner
    return proc, int(ssh.group(1)), int(web.group(1))


def _summary(latencies: list[float], sent: list[int]) -> dict[str, float]:
    ordered = sorted(latencies)
    return {
        "keys": len(ordered),
        "p50_ms": round(statistics.median(ordered) * 1000, 1),
        "p95_ms": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] * 1000, 1),
        "max_ms": round(ordered[-1] * 1000, 1),
        "bytes_per_key": round(statistics.mean(sent)),
    }


async def measure(keys: int, pace: float) -> dict[str, Any]:
    """One SSH client and one browser tab on one server, typing in turn on the menu."""
    from tulipgames.net.loadtest import END, MENU_READY, QUIT_HELP, UP, connect

    keys = max(2, min(MAX_KEYS, keys))
    data_dir = Path(tempfile.mkdtemp(prefix="tulipgames-web-measure-"))
    proc, ssh_port, web_port = _start_server(data_dir)
    browser = await Browser.launch()
    try:
        ssh = await connect(ssh_port, "sshplayer")
        await ssh.term.wait_for(MENU_READY)
        await browser.log_in(f"http://127.0.0.1:{web_port}/", "webplayer", size=SIZE_80X24)
        await browser.wait_for(MENU_READY)
        web_latency: list[float] = []
        web_bytes: list[int] = []
        for i in range(keys):
            on_quit = i % 2 == 0
            await asyncio.sleep(pace)
            before = ssh.term.received
            start = time.perf_counter()
            ssh.chan.write((END if on_quit else UP).encode())
            ssh.latencies.append(await ssh.term.wait_for(QUIT_HELP, present=on_quit) - start)
            await asyncio.sleep(0.3)  # the last frames of the screen arrive
            ssh.bytes_per_key.append(ssh.term.received - before)
            await asyncio.sleep(pace)
            before = browser.received
            web_latency.append(
                await browser.timed_press("End" if on_quit else "ArrowUp", QUIT_HELP, on_quit)
            )
            await asyncio.sleep(0.3)
            web_bytes.append(browser.received - before)
        ssh.conn.close()
        cols, rows = await browser.size()
        return {
            "ssh": _summary(ssh.latencies, ssh.bytes_per_key) | {"size": "80x24"},
            "browser": _summary(web_latency, web_bytes) | {"size": f"{cols}x{rows}"},
            "load": os.getloadavg()[0],
        }
    finally:
        await browser.close()
        proc.terminate()
        proc.wait(10)
        shutil.rmtree(data_dir, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tulipgames.net.web_loadtest",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--keys", type=int, default=40, help="keystrokes per client (40)")
    parser.add_argument("--pace", type=float, default=0.2, help="seconds between keys (0.2)")
    args = parser.parse_args(argv)
    missing = chromium_missing()
    if missing:
        print(f"web_loadtest: {missing}", file=sys.stderr)
        return 2
    print(json.dumps(asyncio.run(measure(args.keys, args.pace)), indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
