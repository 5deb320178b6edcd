"""Chromium reads the web app manifest without an error, finds nothing missing to install the
app, and loads its icons, so the app can be added to a phone's home screen; the page logs
nothing to the console meanwhile."""

import json

import pytest

from .conftest import PHONE, InBrowser

pytestmark = pytest.mark.browser

# Each icon as the page fetches it: did it load, and its size once decoded.
ICON_SIZES = """async (icons) => Promise.all(icons.map(async (icon) => {
  const response = await fetch(icon.src);
  const image = await createImageBitmap(await response.blob());
  return [icon.src, response.ok, `${image.width}x${image.height}`];
}))"""


class WebApp(InBrowser):
    def test_chromium_reads_the_manifest_and_loads_its_icons(self):
        context = self.browser.new_context(**PHONE)
        try:
            page = context.new_page()
            logged = []
            page.on("console", lambda message: message.type in ("error", "warning") and logged.append(message.text))
            page.on("pageerror", lambda error: logged.append(str(error)))
            page.goto(self.live_server_url + "/")
            cdp = context.new_cdp_session(page)
            manifest = cdp.send("Page.getAppManifest")
            assert manifest["url"] == self.live_server_url + "/manifest.webmanifest"
            assert manifest["errors"] == []
            # Playwright's contexts are incognito ones, where nothing installs; nothing else is missing.
            installability = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
            assert [error["errorId"] for error in installability] == ["in-incognito"]
            icons = json.loads(manifest["data"])["icons"] + [
                {"src": "/static/icons/apple-touch-icon.png", "sizes": "180x180"},
                {"src": "/favicon.ico", "sizes": "48x48"},
            ]  # an image of an .ico is its largest
            loaded = page.evaluate(ICON_SIZES, icons)
            assert loaded == [[icon["src"], True, icon["sizes"]] for icon in icons]
            assert logged == []
        finally:
            context.close()
