"""NewGameScreen: house rules, players in seating order, first dealer, then start."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, Select, Static

from ...game.engine import GameError
from ..messages import GameCreated
from ..summary import plan_text
from ..widgets.key_footer import KeyFooter
from ..widgets.option_form import OptionForm

BY_LOT = 0  # the first-dealer choice "draw by lot"


class NewGameScreen(Screen[None]):
    """Set up a game of one ruleset and store it."""

    BINDINGS = [
        Binding("ctrl+s", "start", "Start the game", id="new.start"),
        Binding("escape", "app.pop_screen", "Back", id="new.back"),
    ]

    def __init__(self, ruleset, ref: str) -> None:
        super().__init__()
        self.ruleset = ruleset
        self.ref = ref

    # -- layout
    def compose(self):
        rs = self.ruleset
        yield Static(Text(f"New game: {rs.name}"), classes="screen-title", markup=False)
        with VerticalScroll(id="new-form"):
            yield Static(Text(rs.description), id="new-description", markup=False)
            if rs.min_players == rs.max_players:
                count = f"{rs.min_players} players"
            else:
                count = f"{rs.min_players} to {rs.max_players} players"
            yield Static(f"Players in seating order, clockwise ({count})", classes="section", markup=False)
            for seat in range(1, rs.max_players + 1):
                optional = " (may stay empty)" if seat > rs.min_players else ""
                with Horizontal(classes="form-row"):
                    yield Static(f"Seat {seat}", classes="form-label", markup=False)
                    yield Input(placeholder=f"name of the player in seat {seat}{optional}", max_length=40,
                                id=f"seat-{seat}", classes="player", compact=True)
            if rs.teams:
                yield Static(id="new-teams", markup=False)
            with Horizontal(classes="form-row"):
                yield Static("First dealer", classes="form-label", markup=False)
                yield Select([(Text("Draw by lot"), BY_LOT)], value=BY_LOT, allow_blank=False, id="new-dealer",
                             compact=True)
            with Horizontal(classes="form-row"):
                yield Static("Title", classes="form-label", markup=False)
                yield Input(placeholder="optional, e.g. Friday at Anna's", max_length=80, id="new-title",
                            compact=True)
            with Horizontal(classes="form-row"):
                yield Static("Session", classes="form-label", markup=False)
                choices = self._session_choices()
                yield Select(choices, value=choices[0][1], allow_blank=False, id="new-session", compact=True)
            if rs.options:
                yield Static("House rules (the usual rules are chosen already)", classes="section", markup=False)
                yield OptionForm(rs, rs.option_defaults(), id="new-options")
            yield Static(id="new-plan", markup=False)
            yield Static(id="new-error", markup=False)
            yield Button("Start the game", id="new-start", variant="primary")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#seat-1", Input).focus()
        self._update()

    def _session_choices(self) -> list[tuple[Text, bool]]:
        """Join the current session (the default) or start a new one (value: start a new one)."""
        store = self.app.store
        try:
            current = store.current_session() if store is not None else None
        except ValueError:  # StoreError: the game can still start, and starts a session
            current = None
        if current is None:
            return [(Text("a new session starts with this game"), True)]
        games = len(current.game_ids)
        name = f"session {current.id}" + (f" ({current.title})" if current.title else "")
        return [(Text(f"join {name}, {games} game{'s' if games != 1 else ''} so far"), False),
                (Text("start a new session"), True)]

    # -- what was entered
    def _players(self) -> tuple[list[str], str | None]:
        names = [i.value.strip() for i in self.query("Input.player")]
        while names and not names[-1]:
            names.pop()
        for seat, name in enumerate(names, start=1):
            if not name:
                return names, f"Seat {seat} has no name: fill the seats in order (the last seats may stay empty)"
        return names, None

    def _options(self) -> tuple[dict, str | None]:
        if not self.ruleset.options:
            return {}, None
        return self.query_one(OptionForm).read()

    def _update(self) -> None:
        rs = self.ruleset
        names, _ = self._players()
        shown = [n or f"seat {i}" for i, n in enumerate(names, start=1)]
        if rs.teams:
            def who(seat):
                return shown[seat - 1] if seat <= len(shown) and names[seat - 1] else f"seat {seat}"
            sides = [" & ".join(who(s) for s in team) + f" (seats {' and '.join(map(str, team))})"
                     for team in rs.teams]
            self.query_one("#new-teams", Static).update(Text("Partnerships, fixed by the rules: "
                                                             + " against ".join(sides)))
        dealer = self.query_one("#new-dealer", Select)
        current = dealer.value
        choices = [(Text("Draw by lot"), BY_LOT)]
        choices += [(Text(f"Seat {i}: {name}"), i) for i, name in enumerate(names, start=1) if name]
        if [c[1] for c in choices] != [o[1] for o in getattr(self, "_dealer_choices", [])] or \
                [str(c[0]) for c in choices] != [str(o[0]) for o in getattr(self, "_dealer_choices", [])]:
            self._dealer_choices = choices
            with dealer.prevent(Select.Changed):
                dealer.set_options(choices)
                dealer.value = current if current in [c[1] for c in choices] else BY_LOT
        options, problem = self._options()
        plan = self.query_one("#new-plan", Static)
        n = max(len(names), rs.min_players)
        if problem is None and rs.min_players <= n <= rs.max_players:
            plan.update(Text(f"With {n} players: {plan_text(rs, n, options)}"))
        else:
            plan.update("")

    def on_input_changed(self, event: Input.Changed) -> None:
        self._update()
        self.query_one("#new-error", Static).update("")

    def on_select_changed(self, event: Select.Changed) -> None:
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
        self.notify(message, title="The game cannot start yet", severity="error", markup=False)

    def action_start(self) -> None:
        rs = self.ruleset
        names, problem = self._players()
        if problem is None and len(names) < rs.min_players:
            need = rs.min_players if rs.min_players == rs.max_players else f"at least {rs.min_players}"
            problem = f"{rs.name} needs {need} players; {len(names)} {'is' if len(names) == 1 else 'are'} named"
        options, option_problem = self._options()
        problem = problem or option_problem
        if problem:
            self._refuse(problem)
            return
        dealer = self.query_one("#new-dealer", Select).value
        drawn = dealer == BY_LOT or dealer is Select.BLANK
        if drawn:
            dealer = self.app.rng.randint(1, len(names))
        title = self.query_one("#new-title", Input).value.strip() or None
        if self.app.store is None:
            self._refuse("the saved games are still being opened; try again in a moment")
            return
        try:
            stored = self.app.store.new_game(rs, self.ref, names, options, dealer, title,
                                             new_session=self.query_one("#new-session", Select).value is True)
        except (GameError, ValueError) as exc:  # SetupError, StoreError
            self._refuse(str(exc))
            return
        if drawn:
            self.notify(f"{names[dealer - 1]} deals first.", title="Drawn by lot", markup=False)
        self.app.post_message(GameCreated(stored))
