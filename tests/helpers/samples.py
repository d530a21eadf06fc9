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
