"""One registry describes the records of every app (``tournament.audit``): the event's change log
(``ChangeLog``), a sheet's trail (``scoring.models.SheetChange``), the online registration's
records (``signup.models.SignupLog``) and a series' log (``series.models.SeriesLog``). An action
code names one action of one model, so a record reads the same on every page; and the event's
change log shows every app's records by its sources."""

import ast
import importlib
from collections import Counter
from pathlib import Path

from django.conf import settings

import money.audit
from scoring.models import SheetChange
from series.models import SeriesLog
from signup.models import SignupLog
from tests.test_architecture import LAYERS, app_files
from tournament import audit
from tournament.models import ChangeLog

BASE = Path(settings.BASE_DIR)
MODELS = (ChangeLog, SheetChange, SignupLog, SeriesLog)


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


def test_no_action_code_is_used_by_two_models_or_twice_in_one():
    codes = Counter(code for model in MODELS for code in model.Action.values)
    assert [code for code, times in codes.items() if times > 1] == []


def test_every_action_code_has_exactly_one_describer():
    codes = {code for model in MODELS for code in model.Action.values}
    counts = registrations()
    assert {code: times for code, times in counts.items() if times != 1} == {}
    assert set(counts) == codes  # none missing, none for an action no model has
    assert all(audit.known(code) for code in codes)


def test_the_change_log_asks_every_apps_source_in_the_apps_order():
    kinds = [source.kind for source in audit.sources()]
    assert kinds == ["turnier", "zettel", "anmeldung", "kasse"]


def test_the_money_filter_shows_exactly_the_actions_the_money_app_describes():
    described_here = {
        code for code in ChangeLog.Action.values
        if audit._DESCRIBERS[code].__module__ == "money.audit"
    }
    assert set(money.audit.MONEY_ACTIONS) == described_here
