"""Score sheets: loading replays every deal through the Game, dumping writes it back.

Expected totals are worked out by hand from rulesets/lupaus.toml (exact bid scores
10 + bid, a miss scores 0; 3 players deal 10, 9, ..., 1, ..., 10 cards; seat 1 deals
first and the deal passes to the left).
"""

import pytest
from helpers.samples import SHEET_WRITTEN, write

from scorekeeper.game.game import Game
from scorekeeper.game.sheet import OptionError, SheetError, dump_sheet, load_sheet, replay_sheet
from scorekeeper.i18n import show
from scorekeeper.rules.cards import Card
from scorekeeper.rules.ruleset import load_ruleset

# Deal 1: 10 cards, Anna deals. Anna 3/3 -> 13, Ben 4/5 -> 0, Cara 2/2 -> 12.
# Deal 2: 9 cards, Ben deals.   Anna 2/2 -> 12, Ben 2/4 -> 0, Cara 3/3 -> 13.
# Deal 3: 8 cards, Cara deals.  Anna 0/0 -> 10, Ben 5/5 -> 15, Cara 1/3 -> 0.
SHEET = SHEET_WRITTEN  # the sample sheet with its first dealer: what dump_sheet writes back

# A test ruleset with every kind of value a sheet holds: cards per seat, a per-deal
# trump, a yes/no, a seat, and tricks per partnership.
MINI = """\
id = "mini"
name = "Mini"
description = "Partnership test game."
deck = 52
phases = ["evaluation", "play"]

[players]
min = 4
max = 4

[teams]
seats = [[1, 3], [2, 4]]

[deals]
cards = "13"

[fields.hand]
phase = "evaluation"
type = "cards"
count = 13
optional = true

[fields.called]
scope = "deal"
phase = "evaluation"
type = "trump"

[fields.doubled]
scope = "deal"
phase = "play"
type = "bool"
fill = "false"

[fields.opener]
scope = "deal"
phase = "play"
type = "seat"
optional = true

[fields.tricks]
scope = "team"
phase = "play"
type = "int"
min = 0
max = 13

[score]
scope = "team"
value = "max(0, tricks - 6) * (2 if doubled else 1)"

[[checks]]
id = "all-tricks"
rule = "sum(tricks) == 26"
field = "tricks"
message = "the tricks add up to {sum(tricks) // 2}, not 13"

[end]
when = "max(total) >= 5"
"""

HAND = ["SA", "HA", "S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9", "S10", "SJ", "SQ"]

MINI_SHEET = f"""\
ruleset = "mini.toml"
players = ["A", "B", "C", "D"]
first_dealer = 2

[[deals]]
hand = ["", {HAND!r}, "", ""]
called = "none"
doubled = true
tricks = [7, 6]

[[deals]]
called = "♥"
opener = "C"
tricks = [5, 8]
""".replace("'", '"')

# Three deals of 3, 2, 1 cards, or 2 and 1 with short = true; score = tricks taken.
TINY = """\
id = "tiny"
name = "Tiny"
description = "Short test game."
deck = 52

[players]
min = 3
max = 3

[options.short]
type = "bool"
default = false

[options.target]
type = "int"
min = 1
max = 100
default = 100

[[deals.plan]]
when = "short"
range = [2, 1]

[[deals.plan]]
when = "not short"
range = [3, 1]

[fields.tricks]
type = "int"
min = 0
max = "cards"

[score]
value = "tricks"

[[checks]]
id = "tricks-add-up"
rule = "sum(tricks) == cards"
field = "tricks"
message = "the tricks taken add up to {sum(tricks)}, not {cards}, the number of tricks played"

[end]
when = "max(total) >= target"
"""

TINY_SHEET = """\
ruleset = "tiny.toml"
players = ["Anna", "Ben", "Cara"]

[[deals]]
tricks = [1, 1, 1]

[[deals]]
tricks = [1, 1, 0]

[[deals]]
tricks = [1, 0, 0]
"""


def test_load_sheet_replays_every_deal(in_tmp):
    """Totals, dealers and standings follow from the entered deals alone."""
    write(in_tmp, "game.toml", SHEET)
    game = load_sheet("game.toml")
    assert game.players == ("Anna", "Ben", "Cara")
    assert [(r.number, r.cards, r.dealer, r.scores, r.totals) for r in game.results()] == [
        (1, 10, 1, (13, 0, 12), (13, 0, 12)),
        (2, 9, 2, (12, 0, 13), (25, 0, 25)),
        (3, 8, 3, (10, 15, 0), (35, 15, 25)),
    ]
    assert [(s.rank, s.name, s.total) for s in game.standings()] == [(1, "Anna", 35), (2, "Cara", 25), (3, "Ben", 15)]
    assert not game.is_over
    assert game.deals[2] == {"bid": (0, 5, 1), "tricks": (0, 5, 3), "turned": None}


def test_dump_sheet_writes_the_documented_format(in_tmp):
    """A loaded sheet dumps back to the same text: lists in seat order, no computed values."""
    write(in_tmp, "game.toml", SHEET)
    assert dump_sheet(load_sheet("game.toml")) == SHEET


def test_round_trip_gives_the_same_deals_and_totals(in_tmp):
    """dump_sheet then load_sheet: identical deals and totals (built-in ruleset, options)."""
    game = Game(load_ruleset("lupaus"), ["Anna", "Ben", "Cara"], {"scoring": "ten-per-trick", "zero_bid": "five"}, 3)
    # Deal 1 (10 cards): Anna exact 1 -> 10, Ben exact 0 -> 5 (zero_bid five), Cara 2 for 9 -> -70.
    # Deal 2 (9 cards): everyone bids 0 and takes 3 -> -30 each.
    game.record({"bid": [1, 0, 2], "tricks": [1, 0, 9], "turned": "clubs"})
    game.record({"bid": [0, 0, 0], "tricks": [3, 3, 3]})
    text = dump_sheet(game, in_tmp / "out.toml", title="What if")
    assert 'scoring = "ten-per-trick"\nzero_bid = "five"\n' in text
    assert "schedule" not in text  # options at their defaults are not written
    assert (in_tmp / "out.toml").read_text(encoding="utf-8") == text
    again = load_sheet(in_tmp / "out.toml")
    assert again.deals == game.deals
    assert again.totals() == game.totals() == (10 - 30, 5 - 30, -70 - 30)
    assert again.setup.first_dealer == 3
    assert again.options == game.options


def test_round_trip_with_cards_partnerships_and_deal_fields(in_tmp):
    """Cards come back as Card values, "" as not entered, suit symbols as suit names."""
    write(in_tmp, "mini.toml", MINI)
    write(in_tmp, "game.toml", MINI_SHEET)
    game = load_sheet("game.toml")
    first = game.deals[0]
    assert first["hand"][0] is None and first["hand"][2] is None
    assert first["hand"][1][:2] == (Card("spades", "A"), Card("hearts", "A"))
    assert game.deals[1]["called"] == "hearts" and game.deals[1]["opener"] == 3
    assert game.totals() == (2, 2)  # 7 tricks doubled = 2; then 8 tricks = 2
    (in_tmp / "sub").mkdir()
    text = dump_sheet(game, in_tmp / "sub" / "copy.toml")
    assert text.startswith('ruleset = "../mini.toml"\n')  # still points at the ruleset file
    assert 'hand = ["", ["SA", "HA", "S2",' in text
    assert 'opener = 3\n' in text
    again = load_sheet(in_tmp / "sub" / "copy.toml")
    assert again.deals == game.deals
    assert again.totals() == game.totals()


def test_options_override_rescores_the_same_deals(in_tmp):
    """What-if: tricks-plus-ten gives 1 per trick plus 10 when exact."""
    write(in_tmp, "game.toml", SHEET)
    game = load_sheet("game.toml", {"scoring": "tricks-plus-ten"})
    # Anna 13 + 12 + 10; Ben 5 + 4 + 15; Cara 12 + 13 + 3
    assert game.totals() == (35, 24, 28)
    assert load_sheet("game.toml").totals() == (35, 15, 25)


def _restriction_off_sheet(folder):
    # Deal 2 (9 cards, Ben deals): the bids 2 + 4 + 3 total 9, allowed only without the restriction.
    text = SHEET.replace('first_dealer = 1\n', 'first_dealer = 1\n\n[options]\ndealer_restriction = false\n')
    text = text.replace("bid = [2, 2, 3]", "bid = [2, 4, 3]")
    return write(folder, "game.toml", text)


def test_override_that_breaks_a_check_names_the_deal(in_tmp):
    """Strict loading refuses the first deal that breaks a rule under the new options."""
    _restriction_off_sheet(in_tmp)
    assert load_sheet("game.toml").totals() == (35, 14 + 15, 25)
    with pytest.raises(SheetError) as err:
        load_sheet("game.toml", {"dealer_restriction": "yes"})
    assert str(err.value) == "game.toml: deal 2: Dealer Ben may not bid 4: the bids would total 9, the number of tricks"


def test_replay_sheet_keeps_refused_deals_and_lists_them(in_tmp):
    """replay_sheet records a refused deal anyway, so the later deals and totals stay."""
    _restriction_off_sheet(in_tmp)
    game, refused = replay_sheet("game.toml", {"dealer_restriction": "yes"})
    assert [(n, [show(i.message) for i in issues]) for n, issues in refused] == [
        (2, ["Dealer Ben may not bid 4: the bids would total 9, the number of tricks"]),
    ]
    assert len(game.deals) == 3
    assert game.totals() == (35, 29, 25)
    assert game.options["dealer_restriction"] is True
    game, refused = replay_sheet("game.toml")
    assert refused == []


def test_replay_sheet_reports_deals_beyond_a_shorter_plan(in_tmp):
    """With short = yes the plan is 2, 1: deal 1 and 2 break the trick count, deal 3 does not exist."""
    write(in_tmp, "tiny.toml", TINY)
    write(in_tmp, "game.toml", TINY_SHEET)
    game = load_sheet("game.toml")
    assert game.totals() == (3, 2, 1) and game.is_over and game.winners == ["Anna"]
    game, refused = replay_sheet("game.toml", {"short": "yes"})
    assert [(n, [show(i.message) for i in issues]) for n, issues in refused] == [
        (1, ["the tricks taken add up to 3, not 2, the number of tricks played"]),
        (2, ["the tricks taken add up to 2, not 1, the number of tricks played"]),
        (3, ["the game has 2 deals; there is no deal 3"]),
    ]
    assert len(game.deals) == 2


def test_replay_sheet_reports_deals_after_an_earlier_end(in_tmp):
    """With target = 2 the game ends after deal 2 (totals 2, 2, 1); deal 3 is kept but flagged."""
    write(in_tmp, "tiny.toml", TINY)
    write(in_tmp, "game.toml", TINY_SHEET)
    game, refused = replay_sheet("game.toml", {"target": "2"})
    assert [(n, [show(i.message) for i in issues]) for n, issues in refused] == [
        (3, ["the game is over; it ended after deal 2"]),
    ]
    assert show(game.results()[2].issues[-1].message) == "deal 3 was played after the game ended at deal 2"
    with pytest.raises(SheetError, match=r"^game\.toml: deal 3: the game is over; it ended after deal 2$"):
        load_sheet("game.toml", {"target": "2"})


def test_unknown_override_is_an_option_error(in_tmp):
    write(in_tmp, "game.toml", SHEET)
    with pytest.raises(OptionError) as err:
        replay_sheet("game.toml", {"scorin": "x"})
    assert str(err.value).startswith("lupaus has no option 'scorin' (did you mean 'scoring'?); its options are: scoring, ")


HEAD = 'ruleset = "lupaus"\nplayers = ["Anna", "Ben", "Cara"]\n'


@pytest.mark.parametrize(("text", "message"), [
    (HEAD + "[[deals]]\nbid = [3, 4, 2]\ntricks = [3, 5, 1]\n",
     "game.toml: deal 1: the tricks taken add up to 9, not 10, the number of tricks played"),
    (HEAD + "[[deals]]\nbid = [3, 4, 2]\ntricks = [3, 5, 2]\n[[deals]]\nbid = [2, 4, 3]\ntricks = [2, 4, 3]\n",
     "game.toml: deal 2: Dealer Ben may not bid 4: the bids would total 9, the number of tricks"),
    (HEAD + "[[deals]]\nbid = [3, 11, 2]\ntricks = [3, 5, 2]\n",
     "game.toml: deal 1: Bid of Ben must be from 0 to 10, not 11"),
    (HEAD + "[[deals]]\nbid = [3, \"x\", 2]\ntricks = [3, 5, 2]\n",
     "game.toml: deal 1: Bid of Ben is a whole number, not 'x'"),
    (HEAD + "[[deals]]\nbid = [3, 4]\ntricks = [3, 5, 2]\n",
     "game.toml: deal 1: Bid needs 3 values, one for each player, and got 2"),
    (HEAD + "[[deals]]\nbids = [3, 4, 2]\n",
     "game.toml: deal 1: Lupaus has no field 'bids' (did you mean 'bid'?); its fields are: turned, bid, tricks"),
    (HEAD + "[[deals]]\nbid = [3, 4, 2]\ntricks = [3, 5, \"\"]\n",
     "game.toml: deal 1: Tricks of Cara is not entered"),
    ('ruleset = "lupaus"\nplayer = ["Anna", "Ben", "Cara"]\n',
     "game.toml: unknown key 'player' (did you mean 'players'?); a score sheet has: "
     "ruleset, players, first_dealer, title, options, scores, carried, ended_early, deals"),
    ('ruleset = "lupaus"\n',
     "game.toml: players: is missing: give a list of player names in seat order"),
    ('ruleset = "lupaus"\nplayers = ["Anna", "Ben"]\n',
     "game.toml: players: Lupaus is played by 3 to 7 players, not 2"),
    ('ruleset = "lupaus"\nplayers = ["Anna", "Ben", "anna"]\n',
     "game.toml: players: two players are called 'anna'; every name must differ"),
    (HEAD + "first_dealer = 4\n",
     "game.toml: first_dealer: the first dealer is a seat from 1 to 3, not 4"),
    (HEAD + "[options]\nscoring = \"ten\"\n",
     "game.toml: options: option scoring is one of ten-plus-bid, tricks-plus-ten, ten-per-trick, not 'ten'"),
    ('ruleset = "lupaus"\nplayers = ["Anna", "Ben"\nfirst_dealer = 1\n',
     "game.toml:3: not valid TOML: Unclosed array"),
    ('ruleset = "missing/rules.toml"\nplayers = ["Anna", "Ben", "Cara"]\n',
     "game.toml: ruleset: missing/rules.toml: no such file"),
    (HEAD + "deals = 3\n",
     "game.toml: deals: expected deals as [[deals]] tables, got a number"),
])
def test_bad_sheet_messages(in_tmp, text, message):
    """Each problem names the file, then the deal or key, then what is wrong."""
    write(in_tmp, "game.toml", text)
    with pytest.raises(SheetError) as err:
        load_sheet("game.toml")
    assert str(err.value) == message


def test_unknown_builtin_ruleset_suggests_the_close_one(in_tmp):
    write(in_tmp, "game.toml", 'ruleset = "lupas"\nplayers = ["Anna", "Ben", "Cara"]\n')
    with pytest.raises(SheetError) as err:
        load_sheet("game.toml")
    assert str(err.value).startswith("game.toml: ruleset: no built-in ruleset 'lupas' (did you mean 'lupaus'?)")


def test_deal_after_the_plan_ends(in_tmp):
    """A sheet with a fourth deal in a three-deal game is refused at deal 4."""
    write(in_tmp, "tiny.toml", TINY)
    write(in_tmp, "game.toml", TINY_SHEET + "\n[[deals]]\ntricks = [1, 0, 0]\n")
    with pytest.raises(SheetError) as err:
        load_sheet("game.toml")
    assert str(err.value) == "game.toml: deal 4: the game is over; all 3 deals are played"


def test_missing_sheet_file(in_tmp):
    with pytest.raises(SheetError) as err:
        load_sheet("nowhere.toml")
    assert str(err.value) == "nowhere.toml: no such file"


def test_sheet_ruleset_path_is_relative_to_the_sheet(tmp_path):
    """A ruleset path in a sheet is read from the sheet's folder, not the working folder."""
    (tmp_path / "rules").mkdir()
    write(tmp_path / "rules", "tiny.toml", TINY)
    write(tmp_path, "game.toml", TINY_SHEET.replace('"tiny.toml"', '"rules/tiny.toml"'))
    assert load_sheet(tmp_path / "game.toml").totals() == (3, 2, 1)
    assert dump_sheet(load_sheet(tmp_path / "game.toml")).startswith('ruleset = "rules/tiny.toml"\n')


def test_a_sheets_title_is_kept_while_its_game_lives_and_only_for_it():
    """A game loaded from a sheet keeps where it came from (its title, its ruleset's file) as
    long as it lives; a game not loaded from a sheet has none, and a game gone leaves nothing."""
    import gc
    from pathlib import Path

    from scorekeeper.game import sheet

    game = load_sheet(Path(__file__).resolve().parents[1] / "examples" / "wizard.toml")
    other = Game(game.ruleset, ["A", "B", "C"])
    assert (sheet.sheet_title(game), sheet.sheet_title(other)) == ("Wizard, three players", None)
    import weakref

    assert game in sheet.ORIGINS and other not in sheet.ORIGINS
    kept, gone = len(sheet.ORIGINS), weakref.ref(game)
    del game
    gc.collect()
    assert gone() is None and len(sheet.ORIGINS) <= kept - 1  # (others may go at the same collection)
