"""Sample score sheets shared by the tests of sheets, of the command line and of imports."""

# Three Lupaus deals for three players (10, 9 and 8 cards), as a sheet lists them.
DEALS = """\
[[deals]]
turned = "hearts"
bid = [3, 4, 2]
tricks = [3, 5, 2]

[[deals]]
turned = "spades"
bid = [2, 2, 3]
tricks = [2, 4, 3]

[[deals]]
bid = [0, 5, 1]
tricks = [0, 5, 3]
"""

# A Lupaus game of three players and the three DEALS, Anna dealing first.
SHEET = """\
ruleset = "lupaus"
title = "Friday game"
players = ["Anna", "Ben", "Cara"]

""" + DEALS

# SHEET as a sheet is written back (dump_sheet, `scorekeeper export --format toml`): the first dealer spelled out.
SHEET_WRITTEN = SHEET.replace('players = ["Anna", "Ben", "Cara"]\n', 'players = ["Anna", "Ben", "Cara"]\nfirst_dealer = 1\n')

# SHEET as `scorekeeper replay` prints it, and `scorekeeper show` once it is stored.
SHEET_TABLE = """\
Lupaus (lupaus): Friday game
Options: the defaults

deal  cards  dealer  Anna  total  Ben  total  Cara  total
   1     10  Anna      13     13    0      0    12     12
   2      9  Ben       12     25    0      0    13     25
   3      8  Cara      10     35   15     15     0     25

Totals: Anna 35, Ben 15, Cara 25
Standings:
  1. Anna 35
  2. Cara 25
  3. Ben 15
in progress (3 of 19 deals played)
"""


def write(folder, name, text):
    """Write ``text`` to ``folder/name`` (UTF-8); the path."""
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def ruleset_head(rid: str, description: str, players: tuple[int, int], *, teams: str = "", cards: str = "13",
                 end: str = "deal == 3") -> str:
    """The first lines of a small test ruleset of the bidding and play phases (its id as its
    name, a deck of 52, ``cards`` dealt each deal, the end by ``end``): its fields, options and
    score follow. ``teams``: the partnerships' seats as TOML writes them, e.g. "[[1, 3], [2, 4]]"."""
    teams_table = f"\n[teams]\nseats = {teams}\n" if teams else ""
    return (f'id = "{rid}"\nname = "{rid.capitalize()}"\ndescription = "{description}"\ndeck = 52\n'
            f'phases = ["bidding", "play"]\n\n[players]\nmin = {players[0]}\nmax = {players[1]}\n{teams_table}\n'
            f'[deals]\ncards = "{cards}"\n\n[end]\nwhen = "{end}"\n')


def ruleset_problems(text: str, file: str) -> list[str]:
    """What rules check says of a ruleset's text, one line each in English."""
    from scorekeeper.i18n import show
    from scorekeeper.rules.ruleset import parse_ruleset_text

    _, found = parse_ruleset_text(text, file)
    return [show(p) for p in found]


def ruleset_game(text: str, file: str, players: list[str]):
    """A new game of a ruleset's text (which must check clean) for ``players``."""
    from scorekeeper.game.game import Game
    from scorekeeper.rules.ruleset import parse_ruleset_text

    ruleset, found = parse_ruleset_text(text, file)
    assert found == []
    return Game(ruleset, players)


# A small game of guesses that may not total the cards ({plural}: a line or nothing).
GUESSES = """
id = "mini"
name = "Mini"
description = "A test game."
deck = 52
[players]
min = 3
max = 5
[deals]
cards = 5
[fields.guess]
type = "int"
label = "Guess"
{plural}
min = 0
max = 5
[score]
value = "guess"
[[checks]]
id = "guesses"
rule = "sum(guess) != cards"
field = "guess"
message = "no"
[end]
when = "max(total) >= 50"
"""

# A Lupaus house rule whose option default is a formula of the players (deck // players).
MOST = """extends = "lupaus"
id = "lupaus-most"
name = "Lupaus, most cards"

[options.top_cards]
type = "int"
label = "Most cards in a deal"
default = "deck // players"
min = 1
max = 17

[constants]
top = "top_cards"
"""
