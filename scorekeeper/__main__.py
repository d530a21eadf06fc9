#!/usr/bin/env python3
"""The ``scorekeeper`` command, and ``python -m scorekeeper``: this one file is both.

The wheel installs this file as the ``scorekeeper`` script (``shared-scripts`` in
pyproject.toml; the installer points its first line at the environment's Python). It is
what pip's wrapper of an entry point would be, less that wrapper's ``import re``: about
five milliseconds of every start (the regular-expression engine and ``enum``), spent on
renaming ``sys.argv[0]``, which only Windows' ``.exe`` launchers need. On Windows the
command is ``py -m scorekeeper`` (or an install by uv, which makes an ``.exe`` of it).
"""

import gc
import sys

if __name__ == "__main__":
    gc.disable()  # no collection while the package is imported: main(process=True) turns it on again

from scorekeeper.cli import main

if __name__ == "__main__":
    sys.exit(main(process=True))
