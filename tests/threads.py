"""Changes run at once, as two phones at one table send them: for the tests of races."""

import threading

from django.db import connection


def at_once(*changes):
    """Each change in a thread of its own (its own connection and transaction), all started
    together: what each returned, or raised."""
    start = threading.Barrier(len(changes))
    outcomes = [None] * len(changes)

    def run(number, change):
        try:
            start.wait()
            outcomes[number] = change()
        except Exception as error:  # noqa: BLE001 - the caller looks at what each did
            outcomes[number] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=pair) for pair in enumerate(changes)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes
