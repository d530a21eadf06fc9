"""Sample score sheets shared by the tests of the command line."""

# A Lupaus game of three players and three deals (10, 9 and 8 cards), Anna dealing first.
SHEET = """\
ruleset = "lupaus"
title = "Friday game"
players = ["Anna", "Ben", "Cara"]

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
