"""The ``scorekeeper`` command (the entry point pyproject.toml installs) and ``python -m scorekeeper``.

:func:`main` sets up the process (:mod:`scorekeeper.process`) before the package is imported,
runs the command line (:func:`scorekeeper.cli.main`) and returns its exit status.
"""

import sys

from scorekeeper import process


def main() -> int:
    """The ``scorekeeper`` command: the command line of the process's arguments; its exit status."""
    process.start()
    from scorekeeper.cli import main as run

    return process.end(run())


if __name__ == "__main__":
    sys.exit(main())
