"""The ruleset model: what a checked ruleset file becomes (frozen values, compiled formulas).

Built by :mod:`scorekeeper.rules.builder` from what :mod:`scorekeeper.rules.schema`
accepts; the schema names, for each key of a file, the attribute it becomes here.
"""

from __future__ import annotations

from ..languages import LANGUAGES, LanguageError, YesNoWords, yes_no_words
from ..messages import Message
from .formula import MAX_NUMBER, NUMBER_LIMIT, Formula, MessageTemplate, number_text
from .problems import OptionValueError, hint
from ..values import dataclass, field, replace

__all__ = [
    "NO_TRUMP", "SUITS", "Carried", "Check", "Derived", "FieldSpec", "Option", "Parts", "PlanPiece", "Reminder", "Ruleset",
    "TrumpRule", "DEFAULT_DIGITS", "MAX_DIGITS", "shown_number",
]


TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from typing import Any, Callable, Protocol

    class RulesetTexts(Protocol):
        """What a ruleset's translations give it (rules.translations.Texts): the languages it
        has and its copy in one of them. Stated here so that the model imports nothing back."""

        @property
        def languages(self) -> tuple[str, ...]: ...

        def localized(self, lang: str) -> "Ruleset": ...


SUITS = ("spades", "hearts", "diamonds", "clubs")
NO_TRUMP = "none"

DEFAULT_DIGITS = 2  # decimals a score is shown with when [score] digits is not given
MAX_DIGITS = 6  # the most decimals [score] digits may ask for


def shown_number(value: Any, digits: int | None = None) -> Any:
    """A score or total as the sheet shows it: rounded to at most ``digits`` decimals
    (DEFAULT_DIGITS when None), halves up as the formulas' ``round`` does (2.675 -> 2.68,
    -0.125 -> -0.12, from the number as Python writes it, not its binary value), a whole
    number as an int (12, never 12.0). For display only: the totals the game keeps and adds are
    not rounded. Anything but a number is returned as it is."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return value
    if isinstance(value, int):
        return value
    if value != value or value in (float("inf"), float("-inf")):
        return value
    from decimal import ROUND_FLOOR, Decimal

    step = Decimal(1).scaleb(-(DEFAULT_DIGITS if digits is None else digits))
    rounded = (Decimal(repr(value)) / step + Decimal("0.5")).to_integral_value(ROUND_FLOOR) * step
    if rounded == rounded.to_integral_value():
        return int(rounded)
    return float(rounded)


@dataclass(frozen=True)
class Option:
    id: str
    type: str  # choice, bool, int
    default: Any
    label: str
    help: str = ""
    choices: tuple[str, ...] = ()
    choice_labels: dict[str, str] = field(default_factory=dict)
    min: int | None = None
    max: int | None = None
    when: "Formula | None" = None  # the other options under which this one is used (None: always)
    # An int option's default written as a formula of the players, the deck and the other options
    # (``default`` is then its value for the fewest players; each game works it out for its own).
    default_formula: "Formula | None" = None

    def choice_label(self, value: Any) -> str:
        """How a choice is shown: its label, else the choice itself."""
        return self.choice_labels.get(value, str(value))

    def parse(self, text: Any, words: YesNoWords | None = None) -> Any:
        """A value given by a player (text or TOML value) -> the option's value, or OptionValueError.

        A yes/no option takes true or false, or a word of ``words`` (by default those of
        every language, :func:`scorekeeper.languages.yes_no_words`)."""
        if self.type == "bool":
            return self._parse_bool(text, words)
        if self.type == "int":
            return self._parse_int(text)
        value = str(text).strip()
        if value not in self.choices:
            raise OptionValueError(Message("rules.option.not_a_choice", id=self.id, choices=", ".join(self.choices),
                                           value=value, hint=hint(value, self.choices)))
        return value

    def _parse_bool(self, text: Any, words: YesNoWords | None) -> bool:
        if isinstance(text, bool):
            return text
        answer = (words if words is not None else yes_no_words()).read(str(text))
        if answer is None:
            raise OptionValueError(Message("rules.option.not_bool", id=self.id, value=str(text)))
        return answer

    def _parse_int(self, text: Any) -> int:
        whole = not isinstance(text, bool) and not (isinstance(text, float) and not text.is_integer())
        try:  # 2.5, inf and nan are no whole numbers; nor is text past 4300 digits (a ValueError)
            value = int(text) if whole else None
        except (TypeError, ValueError):
            value = None
        if value is None:
            raise OptionValueError(Message("rules.option.not_int", id=self.id, value=str(text)))
        if not -MAX_NUMBER <= value <= MAX_NUMBER:  # what formulas read is bounded (formula.py)
            raise OptionValueError(Message("rules.option.too_large", id=self.id, max=NUMBER_LIMIT,
                                           value=number_text(value)))
        if (self.min is not None and value < self.min) or (self.max is not None and value > self.max):
            raise OptionValueError(Message("rules.option.out_of_range", id=self.id, min=str(self.min),
                                           max=str(self.max), value=value))
        return value


@dataclass(frozen=True)
class FieldSpec:
    id: str
    scope: str  # seat, team, deal
    phase: str
    type: str
    label: str
    min: Formula | None = None
    max: Formula | None = None
    choices: tuple[str, ...] = ()
    count: Formula | None = None
    when: Formula | None = None
    fill: Formula | None = None
    optional: bool = False
    help: str = ""
    # choice field: choice -> label (left out of == and hash, which FieldSpec had before)
    choice_labels: dict[str, str] = field(default_factory=dict, compare=False)
    # the label of the values of several players together, over their total ("Bids"); "": the label
    plural: str = field(default="", compare=False)
    # a number field's values when they are a list, not every number from min to max (Skat's
    # bids); min and max are then its least and largest
    values: tuple[int, ...] = ()
    # the label ("") and choice labels that name seats or partnerships, with their placeholders
    # (rules/labels.py); label and choice_labels hold them filled with their own words
    named_texts: dict[str, str] = field(default_factory=dict, compare=False)

    def choice_label(self, value: Any) -> str:
        """How a choice is shown: its label, else the choice itself (suits have the app's words)."""
        return self.choice_labels.get(value, str(value))

    def label_for(self, names: Sequence[str] = ()) -> str:
        """The label at a table whose players (in seat order) are ``names``: "Tricks won by Anna
        & Cara" where the label names a partnership; the label itself without names."""
        template = self.named_texts.get("")
        if template is None:
            return self.label
        from .labels import fill_names  # (only for a label that names players: a bid check needs none)

        return fill_names(template, names)

    def choice_label_for(self, value: Any, names: Sequence[str] = ()) -> str:
        """How a choice is shown at a table whose players are ``names`` (see :meth:`label_for`)."""
        template = self.named_texts.get(value) if isinstance(value, str) and value else None
        if template is None:
            return self.choice_label(value)
        from .labels import fill_names

        return fill_names(template, names)


@dataclass(frozen=True)
class Derived:
    id: str
    scope: str
    value: Formula
    label: str
    parts: tuple[tuple[str, Formula], ...] = ()
    shows: str = "value"  # "seat": the value is a seat, shown as the player's name
    part_labels: dict[str, str] = field(default_factory=dict, compare=False)  # part id -> label
    # the table is shown the value only when this holds (None: whenever it can be worked out):
    # Skat's value of the lost game, on a lost game; bridge's slam bonus, on a slam
    shown_when: Formula | None = None

    def part_label(self, part: str) -> str:
        """How a part is shown: its label, else its name with spaces for '_'."""
        return self.part_labels.get(part, part.replace("_", " "))


@dataclass(frozen=True)
class Carried:
    """A value carried from deal to deal (Spades' bags, bridge's part-scores below the line),
    one per seat or per partnership: ``start`` before the first deal, then after every deal
    that counts ``value`` (reading the value carried into the deal under its own name), or
    ``start`` again when ``reset`` holds."""

    id: str
    scope: str  # seat or team
    start: Formula
    value: Formula
    label: str
    reset: Formula | None = None


@dataclass(frozen=True)
class Check:
    id: str
    scope: str  # deal or seat
    rule: Formula
    message: Callable[[Any], str]
    level: str  # error or warning
    when: Formula | None = None
    field: str | None = None


@dataclass(frozen=True)
class TrumpRule:
    kind: str
    when: Formula | None
    suit: Formula | None = None
    seat: Formula | None = None
    field: str | None = None
    say: Callable[[Any], str] | None = None
    id: str | None = None  # names the rule for translations


@dataclass(frozen=True)
class PlanPiece:
    when: Formula | None
    start: Formula
    end: Formula
    repeat: Formula | None
    times: Formula | None
    step: Formula | None = None  # a range's step: 2 plays every other number of cards


@dataclass(frozen=True)
class Parts:
    """A game played in parts (the games of a rubber): part totals restart after each part."""

    name: str
    when: Formula | None  # the parts apply under these options
    end: Formula  # after a deal: the part is over
    award: Formula  # per seat, when a part ends: points into the match total
    bonus: Formula | None  # per seat, when the whole game ends


@dataclass(frozen=True)
class Reminder:
    when: Formula | None
    text: Callable[[Any], str]
    id: str | None = None  # names the reminder for translations


@dataclass(frozen=True)
class Ruleset:
    id: str
    name: str
    aka: tuple[str, ...]
    description: str
    source: str
    min_players: int
    max_players: int
    deck: Formula
    phases: tuple[str, ...]
    teams: tuple[tuple[int, ...], ...]
    options: dict[str, Option]
    constants: dict[str, Formula]
    plan: tuple[PlanPiece, ...]
    cards: Formula | None
    first_bidder: Formula
    leader: Formula | None  # None: the rules name no seat that leads
    trump: tuple[TrumpRule, ...]
    fields: dict[str, FieldSpec]
    derived: dict[str, Derived]
    score: Formula
    score_scope: str  # seat or team
    made: Formula | None
    checks: tuple[Check, ...]
    reminders: tuple[Reminder, ...]
    end_when: Formula | None
    winner: str  # highest or lowest
    hand_value: str | None
    parts: "Parts | None" = None
    end_deals: Formula | None = None  # the number of deals the options fix for an end by formula
    end_says: str | None = None  # the end in words, for the table
    carry: dict[str, Carried] = field(default_factory=dict)  # values carried from deal to deal, in file order
    redeal: Formula | None = None  # a deal for which this holds does not count: the same dealer deals again
    # [deals] next_dealer: the seat that deals after a deal that counts, a formula of that deal
    # (None: the seat on the dealer's left)
    next_dealer: Formula | None = None
    end_wins: Formula | None = None  # per scorer, after the last deal: who it holds for win (None: by winner)
    # per scorer, once the game has ended by its rules: points added to the totals after the
    # last deal, from the values after it (Gin Rummy's game and box bonuses)
    end_bonus: Formula | None = None
    # [board]: what the score board's deal column shows for a deal, and its heading (None: the
    # cards and the trump sign, under "Cards")
    board_deal: MessageTemplate | None = None
    board_label: str | None = None
    digits: int | None = None  # [score] digits: the decimals scores are shown with (None: DEFAULT_DIGITS)
    raw: dict = field(repr=False, default_factory=dict)
    phase_labels: dict[str, str] = field(default_factory=dict)  # every phase -> its title
    language: str = "en"  # the language asked for; texts it has no translation for are English
    texts: RulesetTexts | None = field(default=None, repr=False, compare=False)

    @property
    def languages(self) -> tuple[str, ...]:
        """'en' and the languages the ruleset has translations for."""
        return ("en",) + self.texts.languages if self.texts else ("en",)

    def phase_label(self, phase: str) -> str:
        return self.phase_labels.get(phase) or phase_title(phase)

    def localized(self, lang: str) -> "Ruleset":
        """This ruleset with its texts in ``lang`` where it translates them, English elsewhere.

        Names, descriptions, labels, help, check messages, reminders, what the table is
        told about trump and titles come from ``[translations.<lang>]``; everything else
        (formulas, already compiled, and their caches) is shared with this ruleset.
        The copy is made once per language and kept. ``"en"`` gives the English ruleset.
        LanguageError for a code not in scorekeeper.languages.LANGUAGES; RulesetError if a
        translated message does not compile (``rules check`` reports that beforehand).
        """
        if lang == self.language:
            return self
        if lang not in LANGUAGES:
            raise LanguageError(lang)
        if self.texts is None:
            return self if lang == "en" else replace(self, language=lang)
        return self.texts.localized(lang)

    def shown(self, value: Any) -> Any:
        """A score or total as this game's sheet shows it (:func:`shown_number` with [score] digits)."""
        return shown_number(value, self.digits)

    def option_defaults(self) -> dict[str, Any]:
        return {k: o.default for k, o in self.options.items()}

    def resolve_options(self, given: Mapping[str, Any] | None = None, words: YesNoWords | None = None) -> dict[str, Any]:
        """Defaults overlaid with the given options; an unknown name or a bad value raises
        OptionValueError. ``words``: what a yes/no option takes as text (:meth:`Option.parse`)."""
        values = self.option_defaults()
        for key, raw in (given or {}).items():
            if key not in self.options:
                if self.options:
                    raise OptionValueError(Message("rules.option.unknown", ruleset=self.id, name=key,
                                                   hint=hint(key, self.options), options=", ".join(self.options)))
                raise OptionValueError(Message("rules.option.unknown_none", ruleset=self.id, name=key))
            values[key] = self.options[key].parse(raw, words)
        return values


def phase_title(phase: str) -> str:
    """A phase's title when the ruleset gives none: 'bidding' -> 'Bidding'."""
    return phase.replace("_", " ").capitalize()
