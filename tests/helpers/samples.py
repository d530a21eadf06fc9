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
