"""Persistence: the SQLite game store (:mod:`.db`) and watching it for changes (:mod:`.watch`).

Reports over the stored games (exports, the list of games, statistics, sessions) are
:mod:`scorekeeper.reports`. Kept free of imports so that ``import scorekeeper.store``
stays cheap; import from the submodules, e.g. ``from scorekeeper.store.db import Store, StoreError``.
"""
