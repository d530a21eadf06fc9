"""NewGameScreen: house rules, players in seating order, first dealer, starting scores and,
for a game continued from paper, the values carried into its first deal, then start."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, Select, Static

from ...game.engine import GameError
from ...game.game import draw_first_dealer
from ...i18n import get_language, show, t, tn
from ..messages import GameCreated
from ...play.new_game import carried_boxes, read_carried, scorer_names, scores_placeholder, session_choices
from ...play.plan import parse_scores
from ...play.summary import plan_text, unused_options
from ...play.words import partnerships_text
from ..widgets.key_footer import KeyFooter
from ..widgets.option_form import OptionForm

if TYPE_CHECKING:
    from ..app_parts import TableApp

BY_LOT = 0  # the first-dealer choice "draw by lot"


class NewGameScreen(Screen[None]):
    """Set up a game of one ruleset and store it."""

    # the app it runs in, for the checker (mypy before 2 wants an ignore here: Textual's `app` is a descriptor)
    app: TableApp  # type: ignore[assignment, unused-ignore]

    DEFAULT_CSS = """
    #new-carried { height: auto; }
    """
    BINDINGS = [
        Binding("ctrl+s", "start", "tui.bindings.new_game.start", id="new.start"),
        Binding("escape", "app.pop_screen", "tui.bindings.new_game.back", id="new.back"),
    ]

    def __init__(self, ruleset, ref: str) -> None:
        super().__init__()
        self.ruleset = ruleset  # stored with the game (English)
        self.shown = ruleset.localized(get_language())  # its texts as the screen shows them
        self.ref = ref

    # -- layout
    def compose(self):
        rs = self.shown
        yield Static(Text(t("tui.new_game.title", name=rs.name)),
                     classes="screen-title", markup=False)
        with VerticalScroll(id="new-form"):
            yield Static(Text(rs.description), id="new-description", markup=False)
            if rs.min_players == rs.max_players:
                count = tn("game.count.players", rs.min_players)
            else:
                count = t("tui.new_game.players_range", min=rs.min_players, max=rs.max_players)
            yield Static(t("tui.new_game.players", count=count), classes="section", markup=False)
            for seat in range(1, rs.max_players + 1):
                placeholder = (t("tui.new_game.seat_placeholder_optional", seat=seat) if seat > rs.min_players
                               else t("tui.new_game.seat_placeholder", seat=seat))
                with Horizontal(classes="form-row"):
                    yield Static(t("tui.new_game.seat", seat=seat), classes="form-label",
                                 markup=False)
                    yield Input(placeholder=placeholder, max_length=40,
                                id=f"seat-{seat}", classes="player", compact=True)
            if rs.teams:
                yield Static(id="new-teams", markup=False)
            with Horizontal(classes="form-row"):
                yield Static(t("tui.new_game.first_dealer"), classes="form-label", markup=False)
                yield Select([(Text(t("tui.new_game.by_lot")), BY_LOT)], value=BY_LOT, allow_blank=False,
                             id="new-dealer", compact=True)
            with Horizontal(classes="form-row"):
                yield Static(t("tui.new_game.scores_label"), classes="form-label", markup=False)
                yield Input(placeholder=scores_placeholder(self.ruleset), max_length=200,
                            id="new-scores", compact=True)
            if rs.carry:  # asked for only when the table continues a game from paper
                with Horizontal(classes="form-row"):
                    yield Static(t("play.new_game.carried_choice"), classes="form-label", markup=False)
                    yield Select([(Text(t("play.new_game.carried_rules")), False),
                                  (Text(t("play.new_game.carried_paper")), True)], value=False,
                                 allow_blank=False, id="new-carried-choice", compact=True)
                with Vertical(id="new-carried"):
                    yield Static(t("play.new_game.carried_heading"), classes="form-help", markup=False)
                    for spec in rs.carry.values():
                        with Horizontal(classes="form-row"):
                            yield Static(spec.label, classes="form-label", markup=False)
                            yield Input(max_length=400, id=f"carried-{spec.id}", classes="carried", compact=True)
                        if spec.scope != "table":
                            yield Static(id=f"carried-{spec.id}-order", classes="form-help", markup=False)
            with Horizontal(classes="form-row"):
                yield Static(t("tui.new_game.title_label"), classes="form-label", markup=False)
                yield Input(placeholder=t("tui.new_game.title_placeholder"), max_length=80,
                            id="new-title", compact=True)
            with Horizontal(classes="form-row"):
                yield Static(t("tui.new_game.session"), classes="form-label", markup=False)
                choices = self._session_choices()
                yield Select(choices, value=choices[0][1], allow_blank=False,
                             id="new-session", compact=True)
            if rs.options:
                yield Static(t("tui.new_game.house_rules"), classes="section", markup=False)
                yield OptionForm(rs, rs.option_defaults(), id="new-options")
            yield Static(id="new-plan", markup=False)
            yield Static(id="new-error", markup=False)
            yield Button(t("tui.new_game.start"), id="new-start", variant="primary")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#seat-1", Input).focus()
        if self.shown.carry:
            self.query_one("#new-carried").display = False
        self._update()

    def _session_choices(self) -> list[tuple[Text, bool]]:
        """Join the current session (the default) or start a new one (value: start a new one)."""
        return [(Text(text), new) for new, text in session_choices(self.app.store)]

    # -- what was entered
    def _players(self) -> tuple[list[str], str | None]:
        names = [i.value.strip() for i in self.query("Input.player").results(Input)]
        while names and not names[-1]:
            names.pop()
        for seat, name in enumerate(names, start=1):
            if not name:
                return names, t("tui.new_game.seat_empty", seat=seat)
        return names, None

    def _options(self) -> tuple[dict, str | None]:
        if not self.ruleset.options:
            return {}, None
        return self.query_one(OptionForm).read()

    def _scores(self, names: list[str]) -> tuple[list[int] | None, str | None]:
        """The starting scores typed (None: 0 each), one per player or, in a partnership score,
        per partnership; or why they cannot be taken."""
        return parse_scores(self.query_one("#new-scores", Input).value, scorer_names(self.ruleset, names))

    def _paper(self) -> bool:
        """The table asked for the values carried into the first deal (a game continued from paper)."""
        return bool(self.shown.carry) and self.query_one("#new-carried-choice", Select).value is True

    def _carried(self, names: list[str], options: dict) -> tuple[dict | None, str | None]:
        """The values carried into the first deal typed (None: the rules' starts), or why not."""
        if not self._paper():
            return None, None
        raw = {spec.id: self.query_one(f"#carried-{spec.id}", Input).value for spec in self.shown.carry.values()}
        return read_carried(self.ruleset, names, options, raw)

    def _show_carried(self, names: list[str], options: dict) -> None:
        """Each carried value's box shows the rules' starts, and under it whose values it takes, in order."""
        for box in carried_boxes(self.shown, names, options, {}):
            self.query_one(f"#carried-{box.id}", Input).placeholder = " ".join(
                "?" if s is None else str(s) for s in box.starts)
            if box.scope != "table":
                self.query_one(f"#carried-{box.id}-order", Static).update(
                    Text(t("play.new_game.carried_order", names=", ".join(box.holders))))

    def _update(self) -> None:
        rs = self.shown
        names, _ = self._players()
        if rs.teams:
            text = partnerships_text(rs.teams, names)
            teams = self.query_one("#new-teams", Static)
            teams.update(Text(t("tui.new_game.partnerships", sides=text)))
        dealer = self.query_one("#new-dealer", Select)
        current = dealer.value
        choices = [(Text(t("tui.new_game.by_lot")), BY_LOT)]
        choices += [(Text(t("tui.new_game.dealer_choice", seat=i, name=name)), i)
                    for i, name in enumerate(names, start=1) if name]
        if [c[1] for c in choices] != [o[1] for o in getattr(self, "_dealer_choices", [])] or \
                [str(c[0]) for c in choices] != [str(o[0]) for o in getattr(self, "_dealer_choices", [])]:
            self._dealer_choices = choices
            with dealer.prevent(Select.Changed):
                dealer.set_options(choices)
                dealer.value = current if current in [c[1] for c in choices] else BY_LOT
        options, problem = self._options()
        plan = self.query_one("#new-plan", Static)
        n = max(len(names), rs.min_players)
        if rs.options and problem is None:
            self.query_one(OptionForm).show_applying(unused_options(rs, min(n, rs.max_players), options))
        if problem is None and rs.min_players <= n <= rs.max_players:
            plan.update(Text(tn("tui.new_game.plan", n, plan=plan_text(rs, n, options))))
        else:
            plan.update("")
        if self._paper():
            self._show_carried(names, options if problem is None else {})

    def on_input_changed(self, event: Input.Changed) -> None:
        self._update()
        self.query_one("#new-error", Static).update("")

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "new-carried-choice":
            self.query_one("#new-carried").display = event.value is True
        if event.select.id != "new-dealer":
            self._update()

    def on_option_form_changed(self, event: OptionForm.Changed) -> None:
        event.stop()
        self._update()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.focus_next()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_start()

    # -- starting
    def _refuse(self, message: str) -> None:
        error = self.query_one("#new-error", Static)
        error.update(Text(f"✗ {message}"))
        error.scroll_visible(animate=False)
        self.app.bell()
        self.notify(message, title=t("tui.new_game.cannot_start"), severity="error", markup=False)

    def action_start(self) -> None:
        rs = self.ruleset
        names, problem = self._players()
        if problem is None and len(names) < rs.min_players:
            name = self.shown.name
            problem = (tn("tui.new_game.needs", len(names), game=name, need=rs.min_players)
                       if rs.min_players == rs.max_players
                       else tn("tui.new_game.needs_at_least", len(names), game=name, need=rs.min_players))
        options, option_problem = self._options()
        scores, scores_problem = self._scores(names)
        problem = problem or option_problem or scores_problem
        carried = None
        if problem is None:
            carried, problem = self._carried(names, options)
        if problem:
            self._refuse(problem)
            return
        dealer = self.query_one("#new-dealer", Select).value
        drawn = dealer == BY_LOT or dealer is Select.BLANK
        if drawn:
            dealer = draw_first_dealer(len(names), self.app.rng)
        assert isinstance(dealer, int)  # (drawn by lot, or a seat's number from the list)
        title = self.query_one("#new-title", Input).value.strip() or None
        if self.app.store is None:
            self._refuse(t("tui.new_game.still_opening"))
            return
        new_session = self.query_one("#new-session", Select).value is True
        try:
            stored = self.app.store.new_game(rs, self.ref, names, options, dealer, title,
                                             new_session=new_session, scores=scores, carried=carried)
        except (GameError, ValueError) as exc:  # SetupError, StoreError
            self._refuse(show(exc))
            return
        told = (t("tui.new_game.drawn"), t("tui.new_game.deals_first", name=names[dealer - 1])) if drawn else None
        self.app.post_message(GameCreated(stored, told))  # (said on the play screen, over none of it)
