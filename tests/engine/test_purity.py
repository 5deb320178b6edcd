import subprocess
import sys


def test_the_engine_imports_no_django():
    code = (
        "import sys, engine, engine.verdicts, engine.guides, engine.best_setting, engine.crash_reference, "
        "engine.ratings, engine.draw, engine.event_standings; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
