"""The project's settings, serving the board bench's floor beside the project's URLs, with
the run's own keys in Redis (BENCH_RUN).

One switch for trying the database connection's handling on PostgreSQL, read only here:
BENCH_CONN_MAX_AGE (seconds: a connection kept by each thread that long, instead of the
project's pool; Django refuses both).
"""

import os

from referee.settings import *  # noqa: F403

ROOT_URLCONF = "tests.bench.urls"

if CHANNEL_LAYERS["default"]["BACKEND"] == "channels_redis.core.RedisChannelLayer":  # noqa: F405
    # The run's own keys: a run that failed leaves its sockets in their groups for a day.
    CHANNEL_LAYERS["default"]["CONFIG"]["prefix"] = os.environ.get("BENCH_RUN", "bench")  # noqa: F405

database = DATABASES["default"]  # noqa: F405
if os.environ.get("BENCH_CONN_MAX_AGE", "").strip():
    database["CONN_MAX_AGE"] = int(os.environ["BENCH_CONN_MAX_AGE"])
    database.get("OPTIONS", {}).pop("pool", None)
