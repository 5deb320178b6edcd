"""Real-browser tests: Debian's Chromium driven by Playwright against Channels' live server."""

import os

import pytest
from django.test import TransactionTestCase
from django.test.utils import modify_settings

from ..servers import LIVE_SERVERS, needed

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
PHONE = {"viewport": {"width": 375, "height": 812}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
TV = {"viewport": {"width": 1920, "height": 1080}}
WCAG_A_AA = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}}


def serious_violations(page) -> list:
    """axe-core's serious and critical violations of WCAG 2 A/AA on the page: (rule, impact, where)."""
    from axe_playwright_python.sync_playwright import Axe

    return serious(Axe().run(page, options=WCAG_A_AA).response["violations"])


def serious(violations: list) -> list:
    """Of axe-core's violations, the serious and critical ones: (rule, impact, where)."""
    return [
        (v["id"], v["impact"], [node["target"] for node in v["nodes"]][:3])
        for v in violations
        if v["impact"] in ("serious", "critical")
    ]


@pytest.fixture(scope="session")
def browser():
    needed(os.path.exists(CHROMIUM), f"Chromium at {CHROMIUM}", "chromium")
    from playwright.sync_api import sync_playwright

    # Playwright's sync API keeps an event loop running in this thread while it is open;
    # the ORM calls the live-server test cases make around it (flushing the database) run
    # synchronously all the same. Browser tests run last (tests/conftest.py).
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            yield browser
            browser.close()
    finally:
        del os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"]


def opened(browser, device: dict, timeout=10_000):
    """A page in a new browser context made as ``device`` says (PHONE, TV, a viewport), that
    waits at most ``timeout`` ms for anything. Returns (context, page); close the context after."""
    context = browser.new_context(**device)
    page = context.new_page()
    page.set_default_timeout(timeout)
    return context, page


@pytest.fixture
def phone(browser):
    context, page = opened(browser, PHONE)
    yield page
    context.close()


@pytest.fixture
def tv(browser):
    """The TV beside the phone: a page of its own, at the TV's size."""
    context, page = opened(browser, TV)
    yield page
    context.close()


def log_in(page, server_url: str, username: str = "host") -> None:
    """Log in through the form, as a host does, and land on My sessions."""
    from playwright.sync_api import expect

    from ..factories import PASSWORD

    page.goto(server_url + "/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="My sessions")).to_be_visible()


def start_evening(page, title: str, players: str, tokens: int) -> None:
    """From My sessions, through the forms: a new session and its players, then its first
    game (Stop the Bus, the form's first choice) with ``tokens`` tokens each."""
    page.get_by_role("link", name="New session", exact=True).tap()
    page.fill("#id_title", title)
    page.fill("#id_new_players", players)
    page.get_by_role("button", name="Start the session").tap()
    page.get_by_role("link", name="Start the first game").tap()
    page.fill("#id_stop_the_bus-tokens", str(tokens))
    page.get_by_role("button", name="Start the game").tap()


def fill_hands(page, fields: dict) -> None:
    """Type each hand into its field (``hand_1_2``: id_hand_1_2), as a host may instead of
    tapping; in Crash, first open that player's step, as only one player shows at a time."""
    steps = page.locator("[data-seat-steps]")
    for field, value in fields.items():
        parts = field.split("_")
        if parts[0] in ("hand", "declare", "declared") and len(parts) >= 2 and steps.is_visible():
            page.locator(f'[data-step="{parts[1]}"]').tap()
        page.fill(f"#id_{field}", value)


def board_shown(browser, server_url: str, session, viewport: dict):
    """A new browser context opened on the session's board at ``viewport``, once the socket's
    first board has been swapped in (it replaces the page's: an element measured while it is
    swapped out reads as nothing). Returns (context, page); close the context after."""
    context, page = opened(browser, {"viewport": viewport})
    page.add_init_script("document.addEventListener('htmx:wsAfterMessage', () => { window.boardsIn = true; })")
    page.goto(f"{server_url}/board/{session.share_token}/")
    page.wait_for_function("window.boardsIn === true")
    return context, page


@pytest.fixture(scope="session", autouse=True)
def _live_servers_stopped():
    """The live servers the classes below started, stopped at the end of the run."""
    yield
    LIVE_SERVERS.stop()


class SharedLiveServer(TransactionTestCase):
    """Channels' ChannelsLiveServerTestCase on the live server this process shares between all
    such classes (tests/servers.py's LIVE_SERVERS): one Daphne process for the run, not one per
    class. Each test's data is still its own: the database is emptied after each test. A class
    whose server's process must start with other environment says so in ``server_env``."""

    host = "localhost"
    server_env: dict[str, str] = {}

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls._port = LIVE_SERVERS.port(cls.server_env)
        cls._allowed_hosts = modify_settings(ALLOWED_HOSTS={"append": cls.host})
        cls._allowed_hosts.enable()

    @classmethod
    def tearDownClass(cls):
        cls._allowed_hosts.disable()
        super().tearDownClass()

    @property
    def live_server_url(self) -> str:
        return f"http://{self.host}:{self._port}"


class InBrowser(SharedLiveServer):
    """Tests in Chromium against the live server (no tests of their own): the browser as
    ``self.browser`` (for board_shown() or contexts of a test's own), the phone's and the TV's
    pages (the ``phone`` and ``tv`` fixtures) as ``self.phone`` and ``self.tv``, each opened
    when the test first uses it and closed after the test."""

    @pytest.fixture(autouse=True)
    def _in_browser(self, request, browser):
        self.browser, self._fixtures = browser, request

    def __getattr__(self, name):
        if name in ("phone", "tv"):  # unless the test has put a page of its own there
            return self._fixtures.getfixturevalue(name)
        raise AttributeError(name)


# --- Chromium at a name on the room's network: plain HTTP there is not a secure context --------

LAN_NAME = "table.invalid"  # the laptop as the phones open it; .invalid never leaves this machine


@pytest.fixture(scope="module")
def lan_browser(browser):
    """A Chromium of its own that opens LAN_NAME at this machine (any other name is unknown)."""
    lan = browser.browser_type.launch(
        executable_path=CHROMIUM,
        headless=True,
        args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {LAN_NAME} 127.0.0.1"],
    )
    yield lan
    lan.close()


class AtLanName(InBrowser):
    """Tests in Chromium against the live server opened at LAN_NAME over plain HTTP, as the
    phones and the TV open a laptop's `make run` (``self.lan_browser``, ``self.url(path)``)."""

    # The server's process reads its allowed names from the environment when it starts.
    server_env = {"DJANGO_ALLOWED_HOSTS": f"localhost,127.0.0.1,{LAN_NAME}"}

    @pytest.fixture(autouse=True)
    def _lan(self, lan_browser):
        self.lan_browser = lan_browser

    def url(self, path: str = "") -> str:
        return f"http://{LAN_NAME}:{self._port}{path}"


# --- WebKit (tests/e2e/webkit.py): Debian's WebKitGTK through its WebDriver ------------------


@pytest.fixture(scope="session")
def webkit_display():
    """An X display for WebKit's windows, for the whole run; where WebKit is not installed the
    tests fail saying what is missing and how to install it (a skip would hide that they did
    not run)."""
    from . import webkit

    reason = webkit.missing()
    if reason:
        pytest.fail(f"WebKit cannot run: {reason}")
    display = webkit.Display().start()
    yield display
    display.stop()


@pytest.fixture(scope="module")
def lan_server(django_db_setup, django_db_blocker, webkit_display):
    """The app on a Daphne process of its own, reached by WebKit as a phone in the room reaches
    the laptop (at a LAN name, over plain HTTP, by way of a loopback proxy), for a module's
    tests (each test's data is its own: they run in transactions of their own)."""
    from . import webkit

    with django_db_blocker.unblock():
        server = webkit.LanServer().start()
    yield server
    server.close()


@pytest.fixture
def webkit_window(webkit_display, lan_server):
    """Opens WebKit windows (``webkit_window()``: a phone; ``webkit_window(webkit.TV)``), each
    with storage of its own, closed after the test."""
    from . import webkit

    windows = []

    def open_window(size=webkit.PHONE):
        window = webkit.Window(webkit_display, lan_server.proxy, size)
        windows.append(window)
        return window

    yield open_window
    for window in windows:
        window.close()
