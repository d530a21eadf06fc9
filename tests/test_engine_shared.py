"""The games' shared parts (engine._Shared) are kept in one named registry,
``engine.SHARED_BY_KIND``: games of one kind share theirs, and the registry keeps at most
``most`` kinds, dropping the oldest first."""

from __future__ import annotations

from scorekeeper.game.engine import SHARED_BY_KIND, SharedByKind
from scorekeeper.game.game import Game
from scorekeeper.rules.ruleset import load_ruleset


def test_two_games_of_one_kind_share_their_part_through_the_registry():
    wizard = load_ruleset("wizard")
    first, second = Game(wizard, ["Ann", "Ben", "Cid"]), Game(wizard, ["Dan", "Eve", "Fay"])
    other = Game(wizard, ["Ann", "Ben", "Cid", "Dan"])  # 4 players: another plan, another kind
    assert first.setup._shared is second.setup._shared
    assert first.setup._shared is not other.setup._shared
    assert first.setup._shared in SHARED_BY_KIND.kinds.values()


def test_the_registry_keeps_most_kinds_and_drops_the_oldest_first():
    wizard, lupaus = load_ruleset("wizard"), load_ruleset("lupaus")
    kinds = SharedByKind(most=2)
    a = kinds.get(wizard, ("a",))
    b = kinds.get(wizard, ("b",))
    assert kinds.get(wizard, ("a",)) is a and len(kinds.kinds) == 2
    c = kinds.get(lupaus, ("a",))
    assert list(kinds.kinds.values()) == [b, c]  # a, the oldest, was dropped
    assert kinds.get(wizard, ("a",)) is not a and kinds.get(lupaus, ("a",)).ruleset is lupaus
