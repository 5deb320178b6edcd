"""Which Python a newcomer gets: pyproject accepts 3.11 and every newer version (no upper
bound), and `make` makes the virtual environment with the newest python3.N that runs."""

import os
import subprocess
import tomllib
from pathlib import Path

from .docs import ROOT

# A stand-in for a python3.N on the PATH: the Makefile asks each whether it is 3.11 or newer.
STAND_IN = "#!/bin/sh\nexit {answer}\n"


def chosen_python(tmp_path: Path, stand_ins: dict[str, int]) -> str:
    """The Python `make` would use with only ``stand_ins`` (name: the exit status of its
    version check, 0 for 3.11 or newer) on the PATH beside the shell's tools."""
    folder = tmp_path / "bin"
    folder.mkdir()
    for name, answer in stand_ins.items():
        (folder / name).write_text(STAND_IN.format(answer=answer))
        (folder / name).chmod(0o755)
    tools = tmp_path / "tools"  # the shell's tools alone, without the machine's own pythons
    tools.mkdir()
    for tool in ("sh", "ls", "grep", "sort", "echo"):
        (tools / tool).symlink_to(subprocess.run(["which", tool], capture_output=True, text=True).stdout.strip())
    env = {key: value for key, value in os.environ.items() if key != "PYTHON"} | {"PATH": f"{folder}:{tools}"}
    found = subprocess.run(
        ["/usr/bin/make", "--no-print-directory", "-s", "--eval", "shown: ; @echo $(PYTHON)", "shown"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env=env,
    )
    return found.stdout.strip()


def test_make_uses_the_newest_python_that_runs_by_its_number(tmp_path):
    chosen = chosen_python(
        tmp_path,
        {
            "python3.9": 1,  # too old
            "python3.11": 0,
            "python3.12": 0,
            "python3.14": 0,  # newer than any list of versions the Makefile once held
            "python3.15": 127,  # a version manager's shim for a version not installed
            "python3": 0,
        },
    )
    assert chosen == str(tmp_path / "bin" / "python3.14")


def test_make_falls_back_to_python3_when_no_python3_n_runs(tmp_path):
    assert chosen_python(tmp_path, {"python3.10": 1, "python3": 0}) == str(tmp_path / "bin" / "python3")


def test_make_finds_none_when_every_python_is_too_old(tmp_path):
    assert chosen_python(tmp_path, {"python3.10": 1, "python3": 1}) == ""


def test_pyproject_accepts_311_and_every_newer_python():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["requires-python"] == ">=3.11"


def test_the_readme_says_which_pythons_are_tested():
    readme = (ROOT / "README.md").read_text()
    assert "Tested on Python 3.11" in readme
