"""Reports over stored games: exports (:mod:`.export`, the HTML page :mod:`.html`, what
they share :mod:`.common`), the list of games and a game looked back on
(:mod:`.history`), statistics per player (:mod:`.stats`) and session standings
(:mod:`.sessions`).

Derived from the entries through the engine; the store (:mod:`scorekeeper.store`) only
keeps them. Kept free of imports so that ``import scorekeeper.reports`` stays cheap;
import from the submodules, e.g. ``from scorekeeper.reports.export import export``.
"""
