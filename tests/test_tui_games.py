"""A short complete game of every shipped ruleset, played through the keyboard.

The deals are typed box by box (Enter moves on; the last tricks fill themselves in), and
the final totals are the ones worked out by hand in the comments. Whist is set up on the
New game screen (names, a house rule, the first dealer); the other games start from a
stored game, resumed with Enter. The long ones hold their first deals, worked out in the
same way, and their last deals are typed: each kind of deal the game has (a card turned
for trump or none) and the deal that ends it.
"""

from __future__ import annotations

from helpers.stores import Script
from helpers.tui import enter_deal, new_game, opened, play_screen, resumed, run, screen_text


def forehand_takes_all(players: int, number: int, cards: int, others: int = 0, dealer_bid: int = 0) -> dict:
    """Deal ``number`` by seat (seat 1 deals first): the forehand bids and takes all ``cards``,
    the dealer bids ``dealer_bid`` and the others ``others``, and they take none."""
    dealer = (number - 1) % players
    forehand = (dealer + 1) % players
    bids, tricks = [others] * players, [0] * players
    bids[dealer] = dealer_bid
    bids[forehand] = tricks[forehand] = cards
    return {"bid": bids, "tricks": tricks}


def test_wizard_six_players_ten_deals(tmp_path):
    """Deal k has k cards. The forehand bids and takes them all, everybody else bids and
    takes 0: all exact, 20 each, the forehand 20 + 10k. In deal 2 the forehand (seat 3)
    bids 2 and takes 1, the next (seat 4) bids 0 and takes 1: both lose 10.

    Forehands (dealer + 1, seat 1 dealing first): deals 1-10 -> seats 2 3 4 5 6 1 2 3 4 5.
    Totals: 200 each, plus 10 x the cards of the deals led off, deal 2 corrected:
    seat 1: 200 + 60 = 260; seat 2: 200 + 10 + 70 = 280; seat 3: 200 + 20 + 80 - 50 = 250;
    seat 4: 200 + 30 + 90 - 30 = 290; seat 5: 200 + 40 + 100 = 340; seat 6: 200 + 50 = 250.
    """

    stored = [{"turned": "spades", **forehand_takes_all(6, k, k)} for k in range(1, 7)]
    stored[1]["tricks"] = [0, 0, 1, 1, 0, 0]  # deal 2: seat 3 bid 2 and took 1, seat 4 bid 0 and took 1
    script = Script("wizard", ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"], stored)

    async def go():
        async with resumed(tmp_path / "g.db", script) as (app, pilot):
            for k in range(7, 11):
                turned = ["s"] if k < 10 else []  # deal 10: every card is dealt, nothing to turn
                bids = [str(k)] + ["0"] * 5
                tricks = [str(k)] + ["0"] * 4 + [""]  # the last one is filled in
                await enter_deal(pilot, turned + bids + tricks)
            screen = play_screen(app)
            assert screen.game.is_over
            assert screen.game.totals() == (260, 280, 250, 290, 340, 250)
            text = screen_text(app)
            assert "Game over. The winner: Eve" in text
            assert "1st  Eve     340" in text

    run(go())


def test_romanian_whist_three_players_twelve_deals(tmp_path):
    """Deals of 1 1 1 2 3 4 5 6 7 8 8 8 cards. The forehand bids and takes them all
    (5 + cards), the next bids and takes 0 (5), the dealer may not bid 0 (the bids would
    add up) and bids 1, takes 0 (-1).

    Each seat is the middle bidder 4 times (+20) and deals 4 times (-4); as forehand:
    seat 1 in deals 3 6 9 12 (1 4 7 8 cards): 6 + 9 + 12 + 13 = 40 -> 56;
    seat 2 in deals 1 4 7 10 (1 2 5 8): 6 + 7 + 10 + 13 = 36 -> 52;
    seat 3 in deals 2 5 8 11 (1 3 6 8): 6 + 8 + 11 + 13 = 38 -> 54.
    """
    cards = [1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8]
    stored = [{"turned": "hearts", **forehand_takes_all(3, k, c, dealer_bid=1)} for k, c in enumerate(cards[:8], 1)]
    script = Script("romanian-whist", ["Ana", "Bo", "Cy"], stored)

    async def go():
        async with resumed(tmp_path / "g.db", script) as (app, pilot):
            for c in cards[8:]:
                turned = ["h"] if c != 8 else []  # 8 cards: all dealt, no trump
                await enter_deal(pilot, turned + [str(c), "0", "1"] + [str(c), "0", ""])
            screen = play_screen(app)
            assert screen.game.is_over
            assert screen.game.totals() == (56, 52, 54)
            assert "Game over. The winner: Ana" in screen_text(app)

    run(go())


def test_lupaus_seven_players_thirteen_deals(tmp_path):
    """7 players: 13 deals of 7 6 5 4 3 2 1 2 3 4 5 6 7 cards; trump fixed (nothing to
    turn). The forehand bids and takes all (10 + cards), the five after bid and take 0
    (10 each), the dealer may not bid 0 and bids 1, takes 0 (0).

    A seat scores 10 for each deal it does not deal, plus the cards of the deals it leads
    off: seats 1-6 deal twice, seat 7 once; seat 1 leads off deal 7 (1 card), the others
    two deals worth 9 cards together. Seat 1: 110 + 1 = 111; seats 2-6: 110 + 9 = 119;
    seat 7: 120 + 9 = 129.
    """
    cards = [7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7]
    stored = [forehand_takes_all(7, k, c, dealer_bid=1) for k, c in enumerate(cards[:9], 1)]
    script = Script("lupaus", ["Anna", "Ben", "Cara", "Dan", "Eve", "Finn", "Gus"], stored, {"trump_rule": "fixed"})

    async def go():
        async with resumed(tmp_path / "g.db", script) as (app, pilot):
            for c in cards[9:]:
                await enter_deal(pilot, [str(c)] + ["0"] * 5 + ["1"] + [str(c)] + ["0"] * 5 + [""])
            screen = play_screen(app)
            assert screen.game.is_over
            assert screen.game.totals() == (111, 119, 119, 119, 119, 119, 129)
            assert "Game over. The winner: Gus" in screen_text(app)

    run(go())


def test_whist_game_to_three(tmp_path):
    """Game to 3. Seats 1 and 3 take 8 (score 2), then 5 (the others took 8: 2), then 7
    (1 more: 3, game). Totals: Anna & Cara 3, Ben & Dan 2."""

    async def go():
        async with opened(tmp_path / "g.db") as (app, pilot):
            await new_game(pilot, "whist", ["Anna", "Ben", "Cara", "Dan"], {"game_to": 3})
            await enter_deal(pilot, ["h", "8"])
            await enter_deal(pilot, ["c", "5"])
            await enter_deal(pilot, ["s", "7"])
            screen = play_screen(app)
            assert screen.game.is_over
            assert screen.game.totals() == (3, 2)
            assert "Game over. The winner: Anna & Cara" in screen_text(app)

    run(go())


ANNA_HAND = "SK SQ S7 HA HQ H8 H5 H2 DA D9 CQ CJ C3"  # 2 aces 6, 1 king 2, 3 queens 3, 5 hearts: 16


def test_wysiwyg_game_to_ten(tmp_path):
    """Game to 10. Deal 1 (Aino deals, Bertta first): Bertta's hand value 12 typed, Aino's
    13 cards typed (worth 16, filled in): bases 6 and 14, Bertta opens. Bertta declares,
    bids 5 (target 11), spades, takes 6 + 4 tricks and the last: 15 points, made, scores
    15 - 6 = 9. Deal 2 (Bertta deals): values 11 and 15, Aino declares 11 (target 17) in
    hearts and her points, 19, are typed: made, 19 - 6 = 13. Aino 13, Bertta 9: Aino wins."""

    async def go():
        script = Script("wysiwyg", ["Aino", "Bertta"], options={"game_to": 10})
        async with resumed(tmp_path / "g.db", script) as (app, pilot):
            screen = play_screen(app)
            # evaluation: Bertta's cards (none), her value; Aino's cards, her value (filled in)
            await enter_deal(pilot, ["", "12", ANNA_HAND, ""], confirm=False)
            view = screen.draft.view()
            assert "Bertta opens the auction (base 6 against 14)" in view.panel.reminders
            assert any("Base points: Bertta 6 · Aino 14" in line for p in view.phases for line in p.derived)
            # bidding: declarer, bid, doubled, trump; play: phase 1, phase 2, last trick, points
            await enter_deal(pilot, ["2", "5", "", "s", "6", "4", "2", ""])
            assert screen.game.totals() == (0, 9)
            await enter_deal(pilot, ["", "11", "", "15", "1", "11", "", "h", "", "", "", "19"])
            assert screen.game.is_over
            assert screen.game.totals() == (13, 9)
            assert "Game over. The winner: Aino" in screen_text(app)

    run(go())


def test_pataviitonen_one_round(tmp_path):
    """One round, three players, the example sheet's deals (bids with trump proposals,
    tricks, then A, B and C): Anna 84 + 1 + 39 = 124, Ben 5 + 32 + 4 = 41,
    Cara 14 + 20 + 40 = 74. The lowest bidder's suit is trump."""

    async def go():
        script = Script("pataviitonen", ["Anna", "Ben", "Cara"], options={"rounds": 1})
        async with resumed(tmp_path / "g.db", script) as (app, pilot):
            screen = play_screen(app)
            # deal 1, Anna deals: Ben, Cara, Anna
            await enter_deal(pilot, ["5", "s", "6", "h", "4", "h"], confirm=False)
            assert screen.draft.view().panel.trump.endswith("trump: ♥")
            assert "trump: ♥" in screen_text(app)
            await enter_deal(pilot, ["5", "7", "", "5", "1", "1", "7", "2", "1", "14", "3", "2"])
            # deal 2, Ben deals: Cara, Anna, Ben
            await enter_deal(pilot, ["6", "d", "0", "c", "6", "c", "10", "1", "", "10", "1", "2",
                                     "1", "1", "1", "16", "2", "1"])
            # deal 3, Cara deals: Anna, Ben, Cara
            await enter_deal(pilot, ["3", "s", "3", "d", "3", "s", "3", "4", "", "13", "3", "1",
                                     "4", "1", "1", "10", "2", "2"])
            assert screen.game.is_over
            assert screen.game.totals() == (124, 41, 74)
            assert "Game over. The winner: Anna" in screen_text(app)

    run(go())
