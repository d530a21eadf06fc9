"""Hypothesis draws shared by the property tests of entry and of whole games."""

from __future__ import annotations

from hypothesis import strategies as st


def draw_options(data, rules) -> dict:
    """House rules drawn for ``rules``: each yes/no and each choice option (numbers keep their default)."""
    out = {}
    for oid, spec in rules.options.items():
        if spec.type == "bool":
            out[oid] = data.draw(st.booleans(), label=oid)
        elif spec.type == "choice":
            out[oid] = data.draw(st.sampled_from(list(spec.choices)), label=oid)
    return out
