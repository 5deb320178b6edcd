"""Changes run at once, as two phones at one table send them: for the tests of races."""

import contextlib
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


@contextlib.contextmanager
def before_first_write(change):
    """Within the block, this thread's first statement that is not a read waits for ``change``
    to run to its end in a thread of its own (its own connection and transaction): another
    phone's change landing after this one has read what it needed, before it writes. Hooked
    in with Django's public execute_wrapper, so it holds whatever order the service writes in."""
    done = []

    def wrapper(execute, sql, params, many, context):
        if not done and not sql.lstrip().upper().startswith("SELECT"):
            done.append(at_once(change)[0])
        return execute(sql, params, many, context)

    with connection.execute_wrapper(wrapper):
        yield done
    assert done, "the block wrote nothing: the change never ran"
    if isinstance(done[0], Exception):
        raise done[0]
