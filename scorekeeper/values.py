"""Small value classes, as the standard library's ``dataclasses`` makes them, made cheaply.

``@dataclass(frozen=True)`` over a class of annotated names gives it what the standard
decorator gives it: an ``__init__`` taking the fields in order (defaults and
``field(default_factory=...)`` included, ``__post_init__`` called after), ``__repr__``,
``__eq__`` over the fields compared (``field(compare=False)`` leaves one out), and for a
frozen class ``__hash__`` over the same fields and a ``__setattr__``/``__delattr__`` that
raise :class:`FrozenInstanceError` (an ``AttributeError``); a class that is not frozen is
unhashable, as there. A method the class defines itself is kept. :func:`fields`,
:func:`replace` and :func:`is_dataclass` work as their namesakes in ``dataclasses`` do (for
these classes: the standard module's functions do not know them).

Why not the standard module: the command line imports some thirty value classes at every
start. Importing ``dataclasses`` (which imports ``inspect``, and with it ``dis``,
``tokenize`` and ``linecache``) and the decorator's work on each class (six functions
written out and compiled, a signature worked out for the docstring) cost a start about
twice what Python's own start-up costs. Here only ``__init__`` is written out and compiled (so
that making a value costs what it costs with the standard decorator), and only when the
first value of the class is made; the other methods are shared functions that read the
class's fields.

Not supported (nothing here uses them): ``order``, ``slots``, ``kw_only``, ``InitVar``,
``init=False`` fields; every annotated name but a ``ClassVar`` is a field.

A leaf module: it imports nothing of the package, so every layer may use it.
"""

from __future__ import annotations

import sys
from operator import attrgetter

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any, Callable

__all__ = ["Field", "FrozenInstanceError", "dataclass", "field", "fields", "is_dataclass", "replace"]

_FIELDS = "__value_fields__"  # the class attribute holding a class's fields, by name
_MISSING: Any = type("MissingType", (), {"__repr__": lambda self: "MISSING"})()  # no default given
_FACTORY: Any = type("FactoryType", (), {"__repr__": lambda self: "<factory>"})()  # "make the default now"


class FrozenInstanceError(AttributeError):
    """A field of a frozen value was assigned to or deleted."""


class Field:
    """One field of a value class: its name, default (or default factory), and whether it is
    shown by ``repr`` and compared by ``==`` and the hash."""

    __slots__ = ("name", "default", "default_factory", "repr", "compare")

    def __init__(self, default: Any = _MISSING, default_factory: Any = _MISSING, repr: bool = True,
                 compare: bool = True) -> None:
        if default is not _MISSING and default_factory is not _MISSING:
            raise ValueError("cannot specify both default and default_factory")
        self.name = ""
        self.default = default
        self.default_factory = default_factory
        self.repr = repr
        self.compare = compare

    def __repr__(self) -> str:
        return (f"Field(name={self.name!r}, default={self.default!r}, default_factory={self.default_factory!r}, "
                f"repr={self.repr!r}, compare={self.compare!r})")


def field(*, default: Any = _MISSING, default_factory: Any = _MISSING, repr: bool = True,
          compare: bool = True) -> Any:
    """A field's default or default factory, and whether it is shown and compared."""
    return Field(default, default_factory, repr, compare)


def fields(class_or_value: Any) -> tuple[Field, ...]:
    """The fields of a value class (or of a value), in order; TypeError for anything else."""
    try:
        return tuple(getattr(class_or_value, _FIELDS).values())
    except AttributeError:
        raise TypeError("must be called with a dataclass type or instance") from None


def is_dataclass(value: Any) -> bool:
    """Whether ``value`` is a value class made here, or a value of one."""
    return hasattr(value, _FIELDS)


def replace(value: Any, /, **changes: Any) -> Any:
    """A copy of ``value`` with the fields named in ``changes`` set to new values."""
    for name in getattr(value, _FIELDS):
        if name not in changes:
            changes[name] = getattr(value, name)
    return value.__class__(**changes)


if TYPE_CHECKING:  # what a type checker sees: a decorator that makes value classes (PEP 681)
    from typing import TypeVar, dataclass_transform, overload

    _C = TypeVar("_C", bound=type)

    @overload
    def dataclass(cls: _C, /) -> _C: ...
    @overload
    def dataclass(*, frozen: bool = False) -> Callable[[_C], _C]: ...
    @dataclass_transform(field_specifiers=(field, Field))
    def dataclass(cls: type | None = None, /, *, frozen: bool = False) -> Any: ...
else:
    def dataclass(cls: type | None = None, /, *, frozen: bool = False) -> Any:
        """The class with the methods of a value (see the module); ``@dataclass`` or ``@dataclass(frozen=True)``."""
        if cls is None:
            return lambda cls: _make(cls, frozen)
        return _make(cls, frozen)


def _make(cls: type, frozen: bool) -> type:
    namespace = cls.__dict__
    own = _own_fields(cls, namespace)
    names = tuple(own)
    shown = tuple([name for name, spec in own.items() if spec.repr])
    key = _key(tuple([name for name, spec in own.items() if spec.compare]))
    post_init = hasattr(cls, "__post_init__")
    methods = {"__init__": _first_init(cls, lambda: _plain_init(own, frozen, post_init),
                                       lambda: _init(cls.__name__, own, frozen, post_init)),
               "__repr__": _repr(shown), "__eq__": _eq(key)}
    for name, method in methods.items():
        if name not in namespace:  # (a method the class defines itself is kept)
            method.__qualname__ = f"{cls.__qualname__}.{name}"
            setattr(cls, name, method)
    if "__hash__" not in namespace or namespace["__hash__"] is None and "__eq__" in namespace:  # not its own
        setattr(cls, "__hash__", _hash(key) if frozen else None)
    if frozen:
        for name, method in _frozen(cls, frozenset(names)).items():
            if name in namespace:
                raise TypeError(f"cannot overwrite attribute {name} in class {cls.__name__}")
            setattr(cls, name, method)
    setattr(cls, _FIELDS, own)
    setattr(cls, "__match_args__", names)
    return cls


def _annotations(cls: type) -> dict[str, Any]:
    """The class's own annotations, in the order written. Before Python 3.14, and in a module
    with ``from __future__ import annotations``, they are the class's ``__annotations__``;
    from 3.14 (PEP 649/749) a class of a module without that import holds a function that makes
    them when asked: annotationlib asks it, a name not defined yet left as a forward reference."""
    own = cls.__dict__.get("__annotations__")
    if isinstance(own, dict):
        return own
    try:
        from annotationlib import Format, get_annotations  # type: ignore[import-not-found,unused-ignore]
    except ImportError:  # before 3.14: a class without annotations
        return {}
    return get_annotations(cls, format=Format.FORWARDREF)


def _is_class_var(annotation: Any) -> bool:
    """Whether the annotation is ``ClassVar`` or ``ClassVar[...]``, as a string or as typing's
    object (a module that wrote one imported typing: it is not imported here to find out)."""
    if isinstance(annotation, str):
        return annotation.startswith(("ClassVar", "typing.ClassVar"))
    typing = sys.modules.get("typing")
    return typing is not None and typing.ClassVar in (annotation, getattr(annotation, "__origin__", None))


def _own_fields(cls: type, namespace: Any) -> dict[str, Field]:
    """The class's annotated names as fields (a ClassVar is none); the class attribute that
    held a field's default is the default itself afterwards, as with the standard decorator."""
    found: dict[str, Field] = {}
    defaulted = False  # a field with a default (or factory) came before
    for name, annotation in _annotations(cls).items():
        if annotation.startswith(("ClassVar", "typing.ClassVar")) if type(annotation) is str else _is_class_var(
                annotation):
            continue
        given = namespace.get(name, _MISSING)
        spec = given if isinstance(given, Field) else Field(given)
        if isinstance(spec.default, (list, dict, set)):
            raise ValueError(f"mutable default {type(spec.default)} for field {name} is not allowed: "
                             "use default_factory")
        spec.name = name
        if spec.default is _MISSING:
            if given is spec:
                delattr(cls, name)
        elif given is not spec.default:  # (a plain default is the class attribute already)
            setattr(cls, name, spec.default)
        if spec.default is _MISSING and spec.default_factory is _MISSING:
            if defaulted:
                raise TypeError(f"non-default argument {name!r} follows default argument")
        else:
            defaulted = True
        found[name] = spec
    return found


COMPILED_FROM = 200  # values of a class made before its __init__ is written out and compiled


def _first_init(cls: type, plain: Callable[[], Callable], make: Callable[[], Callable]) -> Callable:
    """An ``__init__`` that makes the class's first values with the function ``plain()`` makes (no
    code compiled), and when the class has made COMPILED_FROM of them compiles the real one
    (``make``) and puts it in its place. A command loads many value classes, makes values of
    about half of them and few of most: compiling the first ``__init__`` of a process alone
    costs about as much as a short command's own work (and even the plain one is made only
    for a class that makes a value). A class that makes many values (a game's deals, a
    table of keys) gets the compiled one, which makes a value several times faster."""
    made = [0]
    plain_init: list[Callable] = []

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        if made[0] < COMPILED_FROM:
            made[0] += 1
            if not plain_init:
                plain_init.append(plain())
            plain_init[0](self, args, kwargs)
            return
        real = make()
        if cls.__dict__.get("__init__") is __init__:
            real.__qualname__ = __init__.__qualname__
            cls.__init__ = real  # type: ignore[misc]
        real(self, *args, **kwargs)
    return __init__


def _plain_init(own: dict[str, Field], frozen: bool, post_init: bool) -> Callable[[Any, tuple, dict], None]:
    """What the compiled ``__init__`` does (see :func:`_init`), done field by field: its
    arguments bound as Python binds them, the same TypeErrors for arguments missing, unknown,
    given twice or too many."""
    names = tuple(own)
    specs = tuple(own.values())
    plan = tuple([(spec.name, spec.default, spec.default_factory) for spec in specs])
    assign = object.__setattr__ if frozen else setattr
    required = sum(1 for f in specs if f.default is _MISSING and f.default_factory is _MISSING)

    def init(self: Any, args: tuple, kwargs: dict) -> None:
        if len(args) > len(names):
            takes = f"{len(names) + 1}" if required == len(names) else f"from {required + 1} to {len(names) + 1}"
            raise TypeError(f"__init__() takes {takes} positional arguments but {len(args) + 1} were given")
        for name in kwargs:
            if name not in own:
                raise TypeError(f"__init__() got an unexpected keyword argument {name!r}")
            if args and names.index(name) < len(args):
                raise TypeError(f"__init__() got multiple values for argument {name!r}")
        given = len(args)
        missing = [name for name in names[given:required] if name not in kwargs]
        if missing:
            raise TypeError(f"__init__() {_missing(missing)}")
        for i, (name, default, factory) in enumerate(plan):
            if i < given:
                value = args[i]
            elif name in kwargs:
                value = kwargs[name]
            else:
                value = default if factory is _MISSING else factory()
            assign(self, name, value)
        if post_init:
            self.__post_init__()
    return init


def _missing(names: list[str]) -> str:
    """Python's words for required arguments not given: 'missing 2 required positional arguments: 'a' and 'b''."""
    quoted = [repr(name) for name in names]
    listed = quoted[0] if len(quoted) == 1 else (
        " and ".join(quoted) if len(quoted) == 2 else ", ".join(quoted[:-1]) + ", and " + quoted[-1])
    return f"missing {len(names)} required positional argument{'s' if len(names) > 1 else ''}: {listed}"


def _init(class_name: str, own: dict[str, Field], frozen: bool, post_init: bool) -> Callable:
    """``__init__``, written out and compiled once: assigning each field costs what the standard
    decorator's ``__init__`` costs."""
    params, body, scope = [], [], {"__set": object.__setattr__, "__FACTORY": _FACTORY}
    for name, spec in own.items():
        if spec.default_factory is not _MISSING:
            scope[f"__factory_{name}"] = spec.default_factory
            params.append(f"{name}=__FACTORY")
            value = f"__factory_{name}() if {name} is __FACTORY else {name}"
        elif spec.default is not _MISSING:
            scope[f"__default_{name}"] = spec.default
            params.append(f"{name}=__default_{name}")
            value = name
        else:
            params.append(name)
            value = name
        body.append(f"__set(self, {name!r}, {value})" if frozen else f"self.{name} = {value}")
    if post_init:
        body.append("self.__post_init__()")
    source = f"def __init__(self, {', '.join(params)}):\n    " + "\n    ".join(body or ["pass"]) + "\n"
    exec(compile(source, f"<{class_name}.__init__>", "exec"), scope)  # only the names above, never outside text
    return scope["__init__"]


def _key(names: tuple[str, ...]) -> Callable[[Any], tuple]:
    """The tuple of a value's compared fields (a tuple for one field too, as the standard decorator compares)."""
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda value: (one(value),)
    return attrgetter(*names) if names else lambda value: ()


def _repr(names: tuple[str, ...]) -> Callable[[Any], str]:
    def __repr__(self: Any) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{self.__class__.__qualname__}({shown})"
    return __repr__


def _eq(key: Callable[[Any], tuple]) -> Callable[[Any, Any], Any]:
    def __eq__(self: Any, other: Any) -> Any:
        if other is self:  # (a value kept and shown again is compared with itself: no field read)
            return True
        if other.__class__ is self.__class__:
            return key(self) == key(other)
        return NotImplemented
    return __eq__


def _hash(key: Callable[[Any], tuple]) -> Callable[[Any], int]:
    def __hash__(self: Any) -> int:
        return hash(key(self))
    return __hash__


def _frozen(cls: Any, names: frozenset[str]) -> dict[str, Callable]:
    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return {"__setattr__": __setattr__, "__delattr__": __delattr__}
