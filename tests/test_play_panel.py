"""The deal panel (scorekeeper.play.panel): what the table is told, the same for the TUI and the web board."""

from __future__ import annotations

from scorekeeper.game.game import Game
from scorekeeper.play.draft import DealDraft
from scorekeeper.play.panel import DealPanelView, deal_panel, sheet_panel
from scorekeeper.rules.ruleset import load_ruleset
from scorekeeper.store.db import Store
from scorekeeper.web.board import board_state

LOWEST = "Trump: the suit proposed by the lowest bidder (the first of them in bidding order)"
REMINDERS = ("1 card left over: lay face up, out of play",
             "Follow suit; no need to trump or to overtake. The forehand leads whatever the bids.")


def pataviitonen() -> Game:
    return Game(load_ruleset("pataviitonen"), ["Anna", "Ben", "Cara"])


def test_pataviitonen_trump_is_the_suit_of_the_lowest_bid_once_every_bid_is_in():
    g = pataviitonen()
    assert deal_panel(g) == DealPanelView(1, 6, 17, False, "Anna", "Ben", "Ben", LOWEST, REMINDERS)  # 2 rounds of 3
    bids = {"bid": [None, 3, 2], "proposal": [None, "hearts", "clubs"]}
    assert deal_panel(g, values=g.normalize(bids)).trump == LOWEST  # Anna has not bid yet
    bids = {"bid": [2, 3, 2], "proposal": ["spades", "hearts", "clubs"]}
    assert deal_panel(g, values=g.normalize(bids)).trump == LOWEST + " — trump: ♣"  # Cara bid 2 before Anna


def test_the_tui_and_the_web_board_tell_the_same_deal(tmp_path):
    """The play screen's panel (from what is typed) and the web board's (from the saved draft) agree."""
    store = Store(tmp_path / "s.db")
    try:
        stored = store.new_game(load_ruleset("pataviitonen"), "pataviitonen", ["Anna", "Ben", "Cara"])
        draft = DealDraft(stored.game)
        for seat, bid, suit in ((2, 3, "hearts"), (3, 2, "clubs"), (1, 2, "spades")):
            draft.set("bid", seat, bid)
            draft.set("proposal", seat, suit)
        stored.save_draft(draft.plain_values())
        panel = draft.view().panel
        assert panel.trump == LOWEST + " — trump: ♣"
        assert sheet_panel(stored.game, stored.draft) == panel
        assert board_state(stored)["deal"] == {
            "number": 1, "of": 6, "cards": 17, "dealer": "Anna", "bids_first": "Ben", "leader": "Ben",
            "leader_named": True, "trump": LOWEST + " — trump: ♣", "reminders": list(REMINDERS)}
    finally:
        store.close()


def test_the_leader_is_told_once_the_entries_decide_it():
    """Wysiwyg: the declarer leads; unknown until the declarer is entered."""
    g = Game(load_ruleset("wysiwyg"), ["Aino", "Bertta"])
    assert deal_panel(g).leader is None
    draft = DealDraft(g)
    draft.set("declarer", None, 2)
    assert draft.view().panel.leader == "Bertta"


def test_who_joins_and_who_sits_out():
    g = Game(load_ruleset("lupaus"), ["Anna", "Ben", "Cara"])
    g.join("Dan", 20)
    g.sit_out(2)
    panel = deal_panel(g)
    assert panel.table == ("Dan joins with 20", "Not playing: Ben")
    assert (panel.dealer, panel.bids_first) == ("Anna", "Cara")


def test_a_saved_draft_that_is_no_deal_of_the_game_is_left_out():
    g = pataviitonen()
    assert sheet_panel(g, {"bid": [1, 2]}) == deal_panel(g)  # three players now, two bids saved


def test_an_edited_deal_is_told_as_changed():
    g = Game(load_ruleset("lupaus"), ["Anna", "Ben", "Cara"])
    g.record({"bid": [2, 3, 4], "tricks": [3, 3, 4], "turned": "hearts"})
    panel = DealDraft(g, 1, g.deals[0], editing=True).view().panel
    assert (panel.number, panel.editing, panel.trump) == (
        1, True, "Turn up the top card of the stock for trump — trump: ♥")


def wysiwyg_panel(a: int, b: int, deals_before: int = 0) -> DealPanelView:
    g = Game(load_ruleset("wysiwyg"), ["A", "B"])
    for _ in range(deals_before):
        g.record({"value": [14, 14], "declarer": 1, "bid": 0, "points": 20})
    draft = DealDraft(g)
    draft.set("value", 1, a)
    draft.set("value", 2, b)
    return draft.view().panel


def test_wysiwyg_the_lower_base_bids_first_and_the_reminder_agrees():
    """Hands 11 and 15: bases 11 + 10 - 15 = 6 and 15 + 10 - 11 = 14; the lower base (A) opens."""
    panel = wysiwyg_panel(11, 15)
    assert (panel.dealer, panel.bids_first) == ("A", "A")
    assert panel.reminders == ("A opens the auction (base 6 against 14)",)
    panel = wysiwyg_panel(17, 12)
    assert (panel.dealer, panel.bids_first) == ("A", "B")
    assert panel.reminders == ("B opens the auction (base 5 against 15)",)


def test_wysiwyg_on_equal_bases_the_dealer_bids_first():
    panel = wysiwyg_panel(13, 13)
    assert (panel.dealer, panel.bids_first) == ("A", "A")
    assert panel.reminders == ("A opens the auction (base 10 against 10)",)
    panel = wysiwyg_panel(13, 13, deals_before=1)
    assert (panel.dealer, panel.bids_first) == ("B", "B")
    assert panel.reminders == ("B opens the auction (base 10 against 10)",)


def test_wysiwyg_the_board_tells_the_same_opener(tmp_path):
    store = Store(tmp_path / "s.db")
    try:
        stored = store.new_game(load_ruleset("wysiwyg"), "wysiwyg", ["A", "B"])
        draft = DealDraft(stored.game)
        draft.set("value", 1, 11)
        draft.set("value", 2, 15)
        stored.save_draft(draft.plain_values())
        deal = board_state(stored)["deal"]
        assert (deal["dealer"], deal["bids_first"]) == ("A", "A")
        assert deal["reminders"] == ["A opens the auction (base 6 against 14)"]
    finally:
        store.close()


def test_pataviitonen_counts_the_deals_its_rounds_make_and_none_when_it_ends_by_a_total():
    assert deal_panel(pataviitonen()).of == 6
    assert deal_panel(Game(load_ruleset("pataviitonen"), ["Anna", "Ben", "Cara", "Dan"], {"rounds": 3})).of == 12
    assert deal_panel(Game(load_ruleset("pataviitonen"), ["Anna", "Ben", "Cara"], {"end": "target"})).of is None


def test_pataviitonen_says_what_a_b_and_c_are_in_each_language():
    rs = load_ruleset("pataviitonen")
    assert rs.fields["a"].help == (
        "A, B and C are three criteria the table agrees before the game (the original lists are lost): enter "
        "each player's points. The example house rule examples/pataviitonen-criteria.toml shows how to write "
        "them as formulas.")
    assert rs.localized("fi").fields["b"].help.startswith("A, B ja C ovat kolme perustetta, joista pöytä sopii")
    assert rs.localized("pl").fields["c"].help.startswith("A, B i C to trzy kryteria, które stół uzgadnia")


def test_wysiwyg_boxes_keep_their_seats_while_the_values_decide_who_opens():
    """Aino deals; Bertta's boxes come first (the forehand) and stay first when Aino's lower
    base makes her the opener: a half-typed hand never moves to the other player."""
    g = Game(load_ruleset("wysiwyg"), ["Aino", "Bertta"])
    draft = DealDraft(g)
    draft.set("value", 2, 20)
    draft.set("value", 1, 8)
    view = draft.view()
    assert (view.panel.bids_first, view.panel.reminders) == ("Aino", ("Aino opens the auction (base -2 against 22)",))
    assert [(c.field, c.who) for c in view.cells.values() if c.field in ("hand", "value")] == [
        ("hand", "Bertta"), ("value", "Bertta"), ("hand", "Aino"), ("value", "Aino")]


def test_a_game_without_bidding_or_a_named_leader_tells_neither():
    """Hearts: nothing is bid (its only phase is the play, and it names no first bidder), and the holder of the two of
    clubs leads (``[seats] leader = ""``): the panel names no first bidder and no leader,
    on the play screen and on the web board alike."""
    g = Game(load_ruleset("hearts"), ["Anna", "Ben", "Cara", "Dan"])
    panel = deal_panel(g)
    assert (panel.dealer, panel.bids_first, panel.leader, panel.leader_named) == ("Anna", None, None, False)
    assert panel.trump == "No trump: the holder of the two of clubs leads it to the first trick"
    whist = deal_panel(Game(load_ruleset("whist"), ["N", "E", "S", "W"]))
    assert (whist.bids_first, whist.leader, whist.leader_named) == (None, "E", True)  # no bids; the forehand leads
    lupaus = deal_panel(Game(load_ruleset("lupaus"), ["Anna", "Ben", "Cara"]))
    assert (lupaus.bids_first, lupaus.leader, lupaus.leader_named) == ("Ben", "Ben", True)
    # bridge enters nothing per player in its auction, but its rules name the first caller: the dealer
    bridge = deal_panel(Game(load_ruleset("bridge"), ["N", "E", "S", "W"]))
    assert (bridge.dealer, bridge.bids_first) == ("N", "N")
    # Skat's bidding phase has the game declared (per deal): someone bids, the forehand first
    assert deal_panel(Game(load_ruleset("skat"), ["Anna", "Ben", "Cara"])).bids_first == "Ben"


def test_the_web_board_leaves_out_a_leader_the_rules_do_not_name(tmp_path):
    from scorekeeper.web.page import board_fragment
    with Store(tmp_path / "s.db") as store:
        state = board_state(store.new_game(load_ruleset("hearts"), "hearts", ["Anna", "Ben", "Cara"]))
    assert (state["deal"]["bids_first"], state["deal"]["leader"], state["deal"]["leader_named"]) == (None, None, False)
    html = board_fragment(state)
    assert "Leads" not in html and "Bids first" not in html
    assert "the holder of the two of clubs leads it" in html


def test_the_values_of_a_complete_phase_are_told_while_the_next_is_typed():
    """Lupaus for 3, deal 1 (Anna deals, Ben bids first): no line while a bid is missing;
    once Ben 3, Cara 4 and Anna 2 are in, one line "Bid: Ben 3 · Cara 4 · Anna 2" (in
    bidding order), and still while the tricks are typed."""
    from scorekeeper.play.layout import form_layout
    from scorekeeper.play.panel import entered_lines

    g = Game(load_ruleset("lupaus"), ["Anna", "Ben", "Cara"])
    draft = DealDraft(g)
    draft.set("bid", 2, 3)
    draft.set("bid", 3, 4)
    assert entered_lines(form_layout(g), draft.view()) == ()
    draft.set("bid", 1, 2)
    assert entered_lines(form_layout(g), draft.view()) == ("Bid: Ben 3 · Cara 4 · Anna 2",)
    draft.set("tricks", 2, 5)
    assert entered_lines(form_layout(g), draft.view()) == ("Bid: Ben 3 · Cara 4 · Anna 2",)
