"""A page that does not exist, or a fault, still answers in the app's own words and look,
with a way back."""

import pytest
from django.test import RequestFactory
from django.views.defaults import server_error

from ..pages import text_of

pytestmark = pytest.mark.django_db


def test_a_page_that_does_not_exist_says_so_with_a_way_back(host_client):
    response = host_client.get("/sessions/00000000-0000-4000-8000-000000000000/")
    assert response.status_code == 404
    text = text_of(response)
    assert "Nothing here" in text and "belongs to another host" in text
    assert 'href="/sessions/"' in response.content.decode() and "Log out" in text  # the app's own page


def test_a_fault_answers_a_page_of_its_own_that_needs_no_context():
    response = server_error(RequestFactory().get("/sessions/"))
    assert response.status_code == 500
    text = text_of(response)
    assert "Something went wrong" in text and "Nothing you sent was half saved" in text
    assert 'href="/sessions/"' in response.content.decode()
