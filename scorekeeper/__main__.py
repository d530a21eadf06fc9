"""``python -m scorekeeper``: the same as the ``scorekeeper`` command."""

from .cli import main

if __name__ == "__main__":
    raise SystemExit(main())
