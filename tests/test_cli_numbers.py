"""Numbers on the command line as a player types or pastes them: a list of bids in one
argument ("1,0,0", "1 0 0") is that list; digits 0-9 only, so "1_0" is not ten and a
full-width "３" is not three (Python's int() reads both)."""

from __future__ import annotations

import pytest

from scorekeeper.cli import main

DEALER_9 = ("Dealer Player 1 may not bid 9: the bids would total 10, the number of tricks\n"
            "Allowed: 0 1 2 3 4 5 6 7 8 10\n")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def check_bid(capsys, *bids):
    return run(capsys, "check-bid", "lupaus", "--players", "4", "--deal", "1", "--bids", *bids)


@pytest.mark.parametrize("bids", [["1", "0", "0"], ["1,0,0"], ["1 0 0"], ["1, 0, 0"], ["1,", "0", ",0"]],
                         ids=["apart", "commas", "spaces", "pasted", "mixed"])
def test_bids_apart_or_in_one_argument_are_the_same_bids(capsys, bids):
    assert check_bid(capsys, *bids) == (0, DEALER_9, "")


@pytest.mark.parametrize("text", ["1_0", "３", "٣", "1.0", "0x1", "", "-"])
def test_a_bid_is_digits(capsys, text):
    code, out, err = check_bid(capsys, "1", "0", text)
    if text in ("", "-"):
        assert code == 2 and out == ""
        return
    assert (code, out, err) == (2, "", f"scorekeeper: error: a bid is a whole number, not '{text}'\n")


def test_a_bid_too_large_says_so(capsys):
    assert check_bid(capsys, "1", "0", "99999999999999999999") == (
        2, "", "scorekeeper: error: 99999999999999999999 is too large: a number given here is at most "
               "9223372036854775807\n")


@pytest.mark.parametrize("argv", [["check-bid", "lupaus", "--players", "1_0", "--deal", "1", "--bids", "1"],
                                  ["show", "３"], ["check-bid", "lupaus", "--players", "4", "--deal", "1_0", "--bids", "1"]])
def test_a_number_argument_is_digits(capsys, argv, tmp_path):
    code, out, err = run(capsys, *argv, "--db", str(tmp_path / "s.db"))
    assert code == 2 and out == "" and "is not a whole number" in err and not (tmp_path / "s.db").exists()
