"""The night's story shared, in Chromium at a phone's size and a TV's, over plain HTTP at a
name on the room's network (an insecure context, as a laptop's `make run` is to the phones:
no share sheet, no clipboard API): the host's story page offers the link to copy and the
picture to download, the link opens the story for anyone in the group chat with its preview's
tags, axe finds nothing serious on either page, and a new link leaves the old one a 404."""

import io
import os
from pathlib import Path

import pytest
from PIL import Image

from scoring.services import game_start, round_record, session_start

from ..factories import UserFactory
from .conftest import PHONE, AtLanName, log_in, serious_violations

pytestmark = pytest.mark.browser

SHOTS = os.environ.get("SCREENSHOTS")  # a folder: save the host's page, the public one and the picture, to look at
TV = {"viewport": {"width": 1280, "height": 720}}


class StoryShared(AtLanName):
    def night(self):
        host = UserFactory(username="host")
        session = session_start(host=host, title="Friday", played_on="2026-11-20", player_names=["Priya", "<b>Bob</b>"])
        bus = game_start(
            session=session, kind="stop_the_bus", seat_names=["Priya", "<b>Bob</b>"], options={"tokens": 1}
        )
        round_record(game=bus, number=1, by=host, entry={"hands": {"Priya": "3S 3H 3D", "<b>Bob</b>": "KS KH 2D"}})
        return session

    def shot(self, page, name: str) -> None:
        if SHOTS:
            os.makedirs(SHOTS, exist_ok=True)
            page.screenshot(path=os.path.join(SHOTS, name), full_page=True)

    def share_at(self, device: dict, size: str):
        from playwright.sync_api import expect

        session = self.night()
        host_context = self.lan_browser.new_context(**device, accept_downloads=True)
        friend_context = self.lan_browser.new_context(**device)
        try:
            host = host_context.new_page()
            host.set_default_timeout(10_000)
            log_in(host, self.url())
            host.goto(self.url(f"/sessions/{session.public_id}/story/"))
            assert host.evaluate("window.isSecureContext") is False  # plain HTTP, as in the room
            share = host.locator("[data-story-share]")
            expect(share.get_by_role("heading", name="Share the night")).to_be_visible()
            expect(share.get_by_role("button", name="Share the night")).to_be_hidden()  # no share sheet here
            link = host.get_by_label("The story's link")
            story_url = self.url(f"/story/{session.story_token}/")
            expect(link).to_have_value(story_url)

            share.get_by_role("button", name="Copy the link").click()
            expect(share.get_by_role("status")).to_have_text(
                "The link is copied: paste it in the group chat.", use_inner_text=True
            )
            assert host.evaluate("document.getSelection().toString() || document.activeElement.value") == story_url

            with host.expect_download() as download:
                share.get_by_role("link", name="Download the picture").click()
            assert download.value.suggested_filename == "the-night.png"
            png = download.value.path().read_bytes()
            picture = Image.open(io.BytesIO(png))
            assert picture.format == "PNG" and picture.size == (1200, 630)
            self.shot(host, f"story-host-{size}.png")
            if SHOTS:
                (Path(SHOTS) / f"story-picture-{size}.png").write_bytes(png)
            assert serious_violations(host) == []

            friend = friend_context.new_page()  # someone in the group chat, not logged in
            friend.set_default_timeout(10_000)
            friend.goto(story_url)
            expect(friend.get_by_role("heading", name="Friday · 20 November 2026", level=1)).to_be_visible()
            expect(friend.get_by_text("<b>Bob</b>").first).to_be_attached()  # a name shown as typed
            og_image = friend.locator('meta[property="og:image"]').get_attribute("content")
            assert og_image == self.url(f"/story/{session.story_token}/picture.png")
            fetched = "async (url) => { const r = await fetch(url); return [r.status, r.headers.get('content-type')]; }"
            assert friend.evaluate(fetched, og_image) == [200, "image/png"]
            expect(friend.get_by_role("link", name="Download the picture")).to_be_visible()
            assert friend.evaluate("document.documentElement.scrollWidth") <= device["viewport"]["width"]
            assert serious_violations(friend) == []
            self.shot(friend, f"story-public-{size}.png")

            host.get_by_role("link", name="New link").click()
            host.get_by_role("button", name="New story link").click()
            expect(host.get_by_text("The story has a new link")).to_be_visible()
            expect(link).not_to_have_value(story_url)
            assert friend.goto(story_url).status == 404
        finally:
            host_context.close()
            friend_context.close()

    def test_the_story_is_shared_from_a_phone(self):
        self.share_at(PHONE, "phone")

    def test_the_story_is_shared_from_a_tv(self):
        self.share_at(TV, "tv")
