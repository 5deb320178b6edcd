"""deploy/ agrees with the code: the example environment file names every setting the app
reads, each systemd app process runs the command `make serve` runs, and `check --deploy` is
clean with the settings docs/hosting.md has a club put in the file."""

import os
import re
import secrets
import sys

import pytest
from django.conf import settings

from referee.management.commands.serve import daphne_command

from .deploy_check import check_deploy

DEPLOY = settings.BASE_DIR / "deploy"


def test_the_example_environment_file_names_every_variable_the_settings_read():
    source = "".join((settings.BASE_DIR / "referee" / name).read_text() for name in ("settings.py", "database_pool.py"))
    read = set(re.findall(r"""(?:os\.environ\.get|env_flag|env_number)\(\s*["']([A-Z_]+)["']""", source))
    read -= {"PYTEST_XDIST_WORKER"}  # pytest-xdist's name for its worker, never a server's
    named = set(re.findall(r"^([A-Z_]+)=", (DEPLOY / "env.example").read_text(), re.MULTILINE))
    assert read and read == named


def test_a_systemd_app_process_runs_the_command_make_serve_runs():
    unit = (DEPLOY / "systemd" / "brag-referee@.service").read_text()
    [exec_start] = re.findall(r"^ExecStart=(.+)$", unit, re.MULTILINE)
    python, *arguments = exec_start.split()
    assert python == "/opt/brag-referee/.venv/bin/python"
    assert arguments == [argument.replace("8123", "%i") for argument in daphne_command(8123)[1:]]
    assert daphne_command(8123)[0] == sys.executable


def test_each_unit_reads_the_one_environment_file_as_the_app_user():
    for name in ("brag-referee@.service", "brag-referee-setup.service"):
        unit = (DEPLOY / "systemd" / name).read_text()
        assert "EnvironmentFile=/etc/brag-referee/env\n" in unit
        assert "User=brag-referee\n" in unit and "WorkingDirectory=/opt/brag-referee\n" in unit


def club_environment(**values: str) -> dict[str, str]:
    """deploy/env.example filled in as docs/hosting.md's step 4 says (``values``, each a setting it
    names), as a process started with it gets it: nothing else of this test's own settings."""
    example = dict(re.findall(r"^([A-Z_]+)=(.*)$", (DEPLOY / "env.example").read_text(), re.MULTILINE))
    assert set(values) <= set(example), f"deploy/env.example does not name {set(values) - set(example)}"
    outside = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith("DJANGO_") and key not in {"DATABASE_URL", "REDIS_URL"}
    }
    return outside | example | values


@pytest.mark.parametrize("origin", ["https://brag.example.org", "https://brag.example.org:8443"])
def test_check_deploy_is_clean_in_the_club_configuration_the_readme_documents(origin):
    """docs/hosting.md's own values: a new key, the name alone in the allowed hosts, the origin
    people open (with its port on a trial port); the rest of env.example as it is."""
    env = club_environment(
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="brag.example.org",
        DJANGO_CSRF_TRUSTED_ORIGINS=origin,
    )
    check = check_deploy(env)
    assert check.returncode == 0, check.stdout + check.stderr
    assert check.stdout == "System check identified no issues (0 silenced).\n"


def test_check_deploy_says_an_allowed_host_with_a_port_refuses_every_request_to_it():
    env = club_environment(
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50), DJANGO_ALLOWED_HOSTS="brag.example.org:8443,[::1]:8000"
    )
    check = check_deploy(env)
    assert check.returncode == 1
    assert (
        "?: (referee.W001) DJANGO_ALLOWED_HOSTS names 'brag.example.org:8443' with a port: it matches no "
        "request, and requests to that name are refused (400 Bad Request).\n"
        "\tHINT: Name it without the port: brag.example.org; a request to brag.example.org:8443 matches that.\n"
    ) in check.stderr
    assert "HINT: Name it without the port: [::1]; a request to [::1]:8000 matches that." in check.stderr
