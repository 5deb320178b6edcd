"""deploy/ agrees with the code: the example environment file names every setting the app
reads, and each systemd app process runs the command `make serve` runs."""

import re
import sys

from django.conf import settings

from referee.management.commands.serve import daphne_command

DEPLOY = settings.BASE_DIR / "deploy"


def test_the_example_environment_file_names_every_variable_the_settings_read():
    source = (settings.BASE_DIR / "referee" / "settings.py").read_text()
    read = set(re.findall(r"""(?:os\.environ\.get|env_flag)\(\s*["']([A-Z_]+)["']""", source))
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
