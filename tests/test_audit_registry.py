"""One registry describes the records of every app (``core.audit``): each app registers its
namespaces of actions (the event's, a sheet's trail, the online registration's, the money's, a
series') and describes each of its actions once, so a record reads the same on every page; the
event's change log filters them by namespace."""

import ast
import importlib
from collections import Counter
from pathlib import Path

from django.conf import settings

from core import audit
from tests.test_architecture import LAYERS, app_files

BASE = Path(settings.BASE_DIR)


def _resolve(node: ast.expr, namespace: dict):
    """The value of a ``describes`` argument: a string, or an attribute path such as
    ``A.SAVED`` looked up in the module."""
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        return namespace[node.id]
    if isinstance(node, ast.Attribute):
        return getattr(_resolve(node.value, namespace), node.attr)
    raise AssertionError(f"describes() with an argument of its own kind: {ast.dump(node)}")


def _is_describes(call: ast.Call) -> bool:
    func = call.func
    return (isinstance(func, ast.Name) and func.id == "describes") or (
        isinstance(func, ast.Attribute) and func.attr == "describes"
    )


def registrations() -> Counter:
    """How often each action code is given a describer, over every module of every app."""
    counts: Counter = Counter()
    for app in LAYERS:
        for path in app_files(app):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            calls = [
                node for node in ast.walk(tree)
                if isinstance(node, ast.Call) and _is_describes(node)
            ]
            if not calls:
                continue
            name = ".".join(path.relative_to(BASE).with_suffix("").parts)
            namespace = vars(importlib.import_module(name))
            for call in calls:
                for argument in call.args:
                    counts[str(_resolve(argument, namespace))] += 1
    return counts


def registered_codes() -> list[str]:
    return [code for space in audit.namespaces().values() for code in space.actions.values]


def test_no_action_code_is_registered_twice():
    codes = Counter(registered_codes())
    assert [code for code, times in codes.items() if times > 1] == []


def test_every_action_code_has_exactly_one_describer_in_its_apps_audit_module():
    codes = set(registered_codes())
    counts = registrations()
    assert {code: times for code, times in counts.items() if times != 1} == {}
    assert set(counts) == codes  # none missing, none for an action no app registers
    assert all(audit.known(code) for code in codes)
    assert {
        code: audit._DESCRIBERS[code].__module__ for code in codes
        if audit._DESCRIBERS[code].__module__ != f"{audit.app_of(code)}.audit"
    } == {}


def test_the_change_log_offers_every_apps_filter_in_the_apps_order():
    assert [shown.kind for shown in audit.filters()] == ["turnier", "zettel", "anmeldung", "kasse"]


def test_each_namespace_is_its_apps_and_each_filter_shows_whole_namespaces():
    spaces = audit.namespaces()
    assert sorted(spaces) == ["clubs", "money", "privacy", "scoring", "scoring.sheet", "series",
                              "signup", "tournament", "transfer"]
    shown = {name: space.shown_under and space.shown_under.kind for name, space in spaces.items()}
    assert shown == {"tournament": "turnier", "scoring": "turnier", "scoring.sheet": "zettel",
                     "signup": "anmeldung", "money": "kasse", "series": None, "clubs": None,
                     "privacy": "turnier", "transfer": "turnier"}
