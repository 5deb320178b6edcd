"""`manage.py check --deploy` as a club's server would run it: a process of its own, with the
environment given, failing on a warning too."""

import subprocess
import sys

from django.conf import settings


def check_deploy(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        capture_output=True,
        text=True,
        env=env,
        cwd=settings.BASE_DIR,
        timeout=60,
    )
