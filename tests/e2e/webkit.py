"""WebKit, the engine of every browser on an iPhone, for the browser tests: Debian's WebKitGTK
driven through its WebDriver (Selenium) in an X display of its own (Xvfb), at a phone's or a
TV's size, reaching the app as a phone in the room does: at a name on the LAN over plain HTTP
(an insecure context: no crypto.randomUUID, clipboard, share or service workers), by way of a
proxy on loopback that hands every request to the test's server. Nothing leaves 127.0.0.0/8:
the name ends in .invalid, which never resolves, so without the proxy nothing is sent at all.

What WebKitGTK cannot do that Playwright does (docs/contributing.md, Tests): no script before
the page's own, no console log, no offline switch. Errors are collected by a hook put in after
each load; a connection drop is the server stopped (LanServer.stop)."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from pathlib import Path

from ..servers import Daphne, LoopbackListener, end, free_port

WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
XVFB = shutil.which("Xvfb") or "/usr/bin/Xvfb"
LAN_NAME = "brag-table.invalid"  # the laptop's address as the phones open it
PHONE = (390, 844)  # an iPhone 14's viewport, in CSS pixels
TV = (1280, 720)
WAIT = 10  # s: as long as Playwright's expect() waits in the Chromium tests

# MiniBrowser's toolbar keeps a window at least 447 px wide: shrunk to nothing, the page gets
# the window's whole width.
GTK_CSS = "* { min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 1px; }\n"

# What the page throws or logs as an error, kept for the test to read (WebKitGTK's driver has
# no console log): put in after each load.
WATCH_ERRORS = """
if (!window.seenErrors) {
  window.seenErrors = [];
  window.addEventListener("error", (event) => window.seenErrors.push(String(event.message)));
  window.addEventListener("unhandledrejection", (event) => window.seenErrors.push("rejected: " + event.reason));
  const logError = console.error.bind(console);
  console.error = (...args) => { window.seenErrors.push(args.join(" ")); logError(...args); };
}"""


# htmx's own log of a request that failed, and its ws extension's of a socket that did (the
# Event itself, logged as htmx:wsError's "error").
HTMX_FAILED_REQUEST = ("htmx:sendError", "htmx:afterRequest", "htmx:responseError", "htmx:timeout", "[object Event]")


def missing() -> str:
    """Why WebKit cannot run here, or "" when it can."""
    for path, package in ((WEBKIT_DRIVER, "webkit2gtk-driver"), (MINIBROWSER, "webkit2gtk-driver"), (XVFB, "xvfb")):
        if not os.path.exists(path):
            return f"{path} is missing (apt-get install {package}; .ci/run does)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (make test installs it)"
    return ""


class Display:
    """An X display of our own (Xvfb, the server xvfb-run starts), at the first free number."""

    def __init__(self):
        self.process: subprocess.Popen | None = None
        self.name = ""
        self.config = Path(tempfile.mkdtemp(prefix="webkit-"))  # XDG_CONFIG_HOME: the toolbar's style
        (self.config / "gtk-3.0").mkdir()
        (self.config / "gtk-3.0" / "gtk.css").write_text(GTK_CSS)

    def start(self) -> Display:
        read, write = os.pipe()
        self.process = subprocess.Popen(
            [XVFB, "-displayfd", str(write), "-screen", "0", "1920x1200x24", "-nolisten", "tcp"],
            pass_fds=(write,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as said:
            number = said.readline().strip()  # written once the display is ready
        if not number:
            raise RuntimeError("Xvfb did not start")
        self.name = f":{number}"
        return self

    def stop(self) -> None:
        end(self.process)
        shutil.rmtree(self.config, ignore_errors=True)


class LanProxy(LoopbackListener):
    """An HTTP proxy on 127.0.0.1 that hands every request (and every CONNECT tunnel, as a
    WebSocket may use) to ``target`` on loopback, whatever address the browser asked for: the
    phone's way to the laptop across the room. Each request gets a connection of its own (sent
    on with "Connection: close"), so each is handed on while the target is stopped and started
    again; while it is stopped, a request's connection is closed unanswered, as a phone sees a
    server that is not there."""

    backlog = 128

    def __init__(self, target: tuple[str, int]):
        assert target[0].startswith("127."), "the proxy hands requests to loopback only"
        self.target, self.port = target, free_port()

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def accepted(self, client: socket.socket) -> None:
        threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _serve(self, client: socket.socket) -> None:
        data = b""
        with contextlib.suppress(OSError):
            while b"\r\n\r\n" not in data and len(data) < 65536:
                chunk = client.recv(65536)
                if not chunk:
                    break
                data += chunk
        if b"\r\n\r\n" not in data:
            client.close()
            return
        head, rest = data.split(b"\r\n\r\n", 1)
        line, *headers = head.split(b"\r\n")
        method, uri, version = line.split(b" ", 2)
        try:
            server = socket.create_connection(self.target, timeout=5)
            server.settimeout(None)
        except OSError:  # the server is stopped: the phone sees no answer
            client.close()
            return
        if method == b"CONNECT":
            client.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
            server.sendall(rest)
        else:
            path = b"/" + uri.split(b"/", 3)[3] if uri.lower().startswith(b"http://") else uri
            upgrade = any(header.lower().startswith(b"upgrade:") for header in headers)
            kept = [
                header
                for header in headers
                if not header.lower().startswith(b"proxy-")
                and (upgrade or not header.lower().startswith((b"connection:", b"keep-alive:")))
            ]
            if not upgrade:
                kept.append(b"Connection: close")
            server.sendall(b" ".join([method, path, version]) + b"\r\n" + b"\r\n".join(kept) + b"\r\n\r\n" + rest)
        threading.Thread(target=_pump, args=(client, server), daemon=True).start()
        _pump(server, client)


def _pump(source: socket.socket, sink: socket.socket) -> None:
    with contextlib.suppress(OSError):
        while data := source.recv(65536):
            sink.sendall(data)
    for each in (source, sink):
        with contextlib.suppress(OSError):
            each.shutdown(socket.SHUT_RDWR)


class LanServer:
    """The app in a Daphne process of its own on the test database, as the phones in the room
    reach it (``url``: at LAN_NAME, through ``proxy``); stop() and start() again on the same
    port, as a laptop's `make run` restarted."""

    def __init__(self):
        self.daphne = Daphne(env={"DJANGO_ALLOWED_HOSTS": f"127.0.0.1,localhost,{LAN_NAME}"})
        self.proxy = LanProxy(("127.0.0.1", self.daphne.port))

    @property
    def url(self) -> str:
        return f"http://{LAN_NAME}:{self.daphne.port}"

    def start(self) -> LanServer:
        self.daphne.start()
        if self.proxy.listener is None:
            self.proxy.start()
        return self

    def stop(self) -> None:
        self.daphne.stop()

    def close(self) -> None:
        self.daphne.stop()
        self.proxy.stop()


class Window:
    """One WebKit window (a driver session: storage of its own, gone with it) at ``size``:
    what a test does on a phone or a TV, read and waited for as a person would."""

    def __init__(self, display: Display, proxy: LanProxy, size: tuple[int, int]):
        from selenium import webdriver
        from selenium.webdriver.common.proxy import Proxy, ProxyType
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        options.proxy = Proxy({"proxyType": ProxyType.MANUAL, "httpProxy": proxy.address, "noProxy": ""})
        env = {**os.environ, "DISPLAY": display.name, "XDG_CONFIG_HOME": str(display.config)}
        service = Service(executable_path=WEBKIT_DRIVER, env=env)
        self.driver = webdriver.WebKitGTK(options=options, service=service)
        self.driver.set_page_load_timeout(30)
        self.resize(*size)

    def resize(self, width: int, height: int) -> None:
        """The page's viewport at exactly width x height (the window adds its toolbar)."""
        self.driver.get("about:blank")
        outer, inner = [width, height], None
        for _ in range(10):  # the window's new size may show late: measured again
            self.driver.set_window_size(*outer)
            time.sleep(0.05)
            inner = self.js("return [innerWidth, innerHeight]")
            if inner == [width, height]:
                return
            if all(0 < got <= 4 * wanted for got, wanted in zip(inner, (width, height))):
                outer = [max(wanted, side + wanted - got) for side, wanted, got in zip(outer, (width, height), inner)]
        raise AssertionError(f"the window's viewport is {inner}, not {width}x{height}")

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.driver.quit()

    # --- Going places --------------------------------------------------------------------

    def goto(self, url: str) -> None:
        self.driver.get(url)
        self.js(WATCH_ERRORS)

    def reload(self) -> None:
        self.driver.refresh()
        self.js(WATCH_ERRORS)

    def errors(self) -> list[str]:
        """What the page threw or logged as an error since it loaded, but htmx's own log of a
        request that failed (the server stopped, say), which the page tells in words."""
        logged = self.js("return window.seenErrors || []")
        return [error for error in logged if not error.startswith(HTMX_FAILED_REQUEST)]

    def js(self, script: str, *args):
        return self.driver.execute_script(script, *args)

    # --- Reading and waiting -------------------------------------------------------------

    def wait(self, script: str, *args, what: str = "", timeout: float = WAIT):
        """Until ``script`` (a function body) returns something true; its value."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.js(script, *args)
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"{what}: not within {timeout} s")
            time.sleep(0.1)

    def text(self, selector: str) -> str | None:
        """The element's text as written (textContent, spaces squeezed), None if there is none."""
        return self.js(
            "const e = document.querySelector(arguments[0]);"
            "return e ? e.textContent.replace(/\\s+/g, ' ').trim() : null",
            selector,
        )

    def value(self, selector: str) -> str:
        return self.js("return document.querySelector(arguments[0]).value", selector)

    def count(self, selector: str) -> int:
        return self.js("return document.querySelectorAll(arguments[0]).length", selector)

    def wait_text(self, selector: str, expected: str, *, contains: bool = False, timeout: float = WAIT) -> None:
        deadline = time.monotonic() + timeout
        while True:
            text = self.text(selector)
            if text is not None and (expected in text if contains else text == expected):
                return
            if time.monotonic() > deadline:
                raise AssertionError(f"{selector} says {text!r}, not {'…' if contains else ''}{expected!r}")
            time.sleep(0.1)

    def wait_value(self, selector: str, expected: str, timeout: float = WAIT) -> None:
        script = "return document.querySelector(arguments[0]).value === arguments[1]"
        self.wait(script, selector, expected, what=f"{selector} holding {expected!r}", timeout=timeout)

    def box(self, selector: str) -> dict:
        """Where the element is on screen, in CSS pixels."""
        box = self.js(
            "const e = document.querySelector(arguments[0]); if (!e) return null;"
            "const r = e.getBoundingClientRect(); return {x: r.x, y: r.top, width: r.width, height: r.height};",
            selector,
        )
        assert box, f"{selector} is not on the page"
        return box

    def viewport(self) -> tuple[int, int]:
        return tuple(self.js("return [innerWidth, innerHeight]"))

    def overflow(self) -> int:
        """How far the page reaches beyond the screen's width (0: no sideways scroll)."""
        return self.js("return document.documentElement.scrollWidth - innerWidth")

    # --- Doing ---------------------------------------------------------------------------

    def click(self, selector: str) -> None:
        """A click (WebKitGTK has no touch) on the element, once it is there and enabled."""
        self.wait(
            "const e = document.querySelector(arguments[0]); return e && !e.disabled && e.offsetParent !== null",
            selector,
            what=f"{selector} to click",
        )
        self.driver.find_element("css selector", selector).click()

    def click_button(self, name: str, within: str = "body") -> None:
        """The visible button of that name (its text as written). One a live page's socket
        swapped for a new one between finding and clicking it is found again, as a finger
        lands on the button shown."""
        from selenium.common.exceptions import StaleElementReferenceException

        for _ in range(5):
            found = self.wait(
                "const all = document.querySelectorAll(arguments[0] + ' button');"
                "return Array.from(all).find(b => b.textContent.trim() === arguments[1] && b.offsetParent !== null"
                " && !b.disabled) || null",
                within,
                name,
                what=f"the button {name!r}",
            )
            try:
                found.click()
                return
            except StaleElementReferenceException:
                continue
        raise AssertionError(f"the button {name!r} kept being replaced")

    def type(self, selector: str, text: str) -> None:
        element = self.driver.find_element("css selector", selector)
        element.clear()
        element.send_keys(text)

    def screenshot(self, path: str) -> None:
        self.driver.save_screenshot(path)


def log_in(window: Window, base: str, username: str = "host") -> None:
    """Through the login form, as a host does, landing on My sessions."""
    from ..factories import PASSWORD

    window.goto(base + "/accounts/login/")
    window.type("#id_username", username)
    window.type("#id_password", PASSWORD)
    window.click_button("Log in")
    window.wait_text("h1", "My sessions")


# --- The card pad ----------------------------------------------------------------------------

ACTIVE = ":is(.field, .hand-row).active [data-hand]"  # the hand the pad types into
# The bottom of the Crash steps stuck at the top of the screen (0 without them).
STEPS_BOTTOM = """const steps = document.querySelector("[data-seat-steps]:not([hidden])");
return steps && getComputedStyle(steps).position === "sticky" ? steps.getBoundingClientRect().bottom : 0;"""


def hand_and_pad(window: Window) -> tuple[dict, dict]:
    """Where the hand being filled and the pad are on screen."""
    return window.box(ACTIVE), window.box(".pad")


def assert_hand_above_pad(window: Window, settle: float = 2.0) -> None:
    """The hand being filled is on screen, above the pad (measured again for up to ``settle``
    s: what the host sees is the page once its scripts have settled it)."""
    deadline = time.monotonic() + settle
    while True:
        hand, pad = hand_and_pad(window)
        top = window.js(STEPS_BOTTOM)
        if hand["y"] >= top - 1 and hand["y"] + hand["height"] <= pad["y"] + 1:
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"the hand being filled is off screen or under the pad: {hand}, pad at {pad['y']}")
        time.sleep(0.05)


def tap_cards(window: Window, codes: str) -> None:
    """Each card on the pad, the hand being filled kept above it after each."""
    for code in codes.split():
        window.click(f'.pad [data-card="{code}"]')
        # A Crash player's last card: the pad moves on once their setting is checked.
        checked = "return !/^Checking/.test(document.querySelector('[data-pad-into]').textContent)"
        window.wait(checked, what="the setting checked")
        assert_hand_above_pad(window)
