"""The headless table: what every front end shows of a game, as frozen values.

No Textual and no rich here. The TUI, the web board and the command line render these
values and send back what the player did; none of them works out game meaning itself.

- :mod:`.draft`: the deal being entered, in staged steps (:mod:`.steps`): typed values ->
  filled values -> allowed values with their reasons -> issues -> cells;
- :mod:`.panel`: what the table is told before and during a deal (from ``Game.info``);
- :mod:`.board`: the score board's rows; :mod:`.summary`: the rules in words;
- :mod:`.bids`: one deal's bids checked (what ``check-bid`` shows); :mod:`.hand`: a hand's value;
- :mod:`.plain`: the sentences of ``--plain``, for a screen reader.
"""
