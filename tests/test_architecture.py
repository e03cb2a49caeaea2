"""The shape the code promises: pure modules import no Django, and the apps are layers (the
clubs, then events, entries and the plan at the bottom; sheets, rules and standings above; the
online registration, money, results and the series above those; a club's public pages and a
person's data across them all on top): no app imports one above it, not even inside a function."""

import ast
import functools
import importlib
import os
import subprocess
import sys
from pathlib import Path

from django.apps import apps
from django.conf import settings

from core import audit

BASE = Path(settings.BASE_DIR)

PURE_MODULES = [
    "core.errors",
    "core.limits",
    "tournament.seats",
    "tournament.seating",
    "tournament.seating.checks",
    "tournament.seating.graphs",
    "tournament.seating.roles",
    "tournament.seating.search",
    "tournament.seating.plan",
    "tournament.seating.replan",
    "tournament.seating.keep",
    "tournament.imports",
    "tournament.members",
    "core.text",
    "tournament.registry",
    "tournament.house_rules",
    "money.arithmetic",
    "money.prizes.awards",
    "scoring.rules",
    "scoring.presets",
    "scoring.switches",
    "scoring.rules_docs",
    "scoring.sheet_rows",
    "scoring.ranking",
    "scoring.simulate",
    "scoring.melds",
    "scoring.merkblatt",
    "scoring.modes",
    "series.ranking",
    "results.press",
    "signup.retention",
    "privacy.rules",
    "transfer.merge",
]


def test_pure_modules_import_nothing_from_django():
    """Imported in a fresh interpreter without Django settings: not one django module loads."""
    code = (
        "import importlib, sys\n"
        f"for name in {PURE_MODULES!r}: importlib.import_module(name)\n"
        "print(sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=BASE, env=env, capture_output=True, text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_pure_modules_render_their_messages_in_german_without_django():
    code = (
        "from scoring.rules import InvalidHand, score_hand\n"
        "try:\n"
        "    score_hand(bid=155, declarer=0, melds=[0, 0, 0], tricks=[250, 0, 0])\n"
        "except InvalidHand as error:\n"
        "    print(error)\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=BASE, env=env, capture_output=True, text=True,
        check=False,
    )
    assert result.stdout.startswith("Der Reizwert muss ein Vielfaches von 10"), result.stderr


@functools.cache
def syntax_tree(path: Path) -> ast.Module:
    """The module at ``path`` parsed, once per test run (the tests below read every module)."""
    return ast.parse(path.read_text(encoding="utf-8"))


def imported_modules(path: Path) -> set[str]:
    tree = syntax_tree(path)
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


# The apps as layers, bottom first: an app imports only apps before it in this list (also inside
# functions); the project package ``config`` names them all. ``core`` is the infrastructure
# beneath every app; ``clubs`` (who belongs to which club) is beneath the events; ``clubsite``
# (a club's public pages) reads the events, registrations and series of the apps beneath it.
LAYERS = ["core", "clubs", "tournament", "scoring", "signup", "money", "results", "series",
          "clubsite", "privacy", "transfer", "demo"]
ABOVE_TOURNAMENT = LAYERS[LAYERS.index("tournament") + 1:]
# What the apps above scoring may import of it: its door (``scoring.interface``), its pure rules
# and ranking, the standings and, to read the games, its models; never its services, forms or
# views. Only the demo writes games, through scoring's services like a scorekeeper would.
ABOVE_SCORING_MAY_USE = (
    "scoring.interface",
    "scoring.ranking",
    "scoring.rules",
    "scoring.presets",
    "scoring.switches",
    "scoring.rules_docs",
    "scoring.standings",
    "scoring.models",
)
DEMO_MAY_USE = ("scoring.services", "scoring.demo", "scoring.simulate")


def app_files(app: str) -> list[Path]:
    return [p for p in (BASE / app).rglob("*.py") if "migrations" not in p.parts]


def app_graph() -> dict[tuple[str, str], set[str]]:
    """(importing app, imported app) → the importing files, for imports between the apps."""
    graph: dict[tuple[str, str], set[str]] = {}
    for app in LAYERS:
        for path in app_files(app):
            for name in imported_modules(path):
                target = name.split(".")[0]
                if target in LAYERS and target != app:
                    graph.setdefault((app, target), set()).add(str(path.relative_to(BASE)))
    return graph


def test_the_apps_are_installed_in_their_layer_order():
    installed = [name for name in settings.INSTALLED_APPS if name in LAYERS]
    assert installed == LAYERS


def test_no_app_imports_an_app_above_it():
    upward = {
        (app, target): sorted(files)
        for (app, target), files in app_graph().items()
        if LAYERS.index(target) > LAYERS.index(app)
    }
    assert upward == {}
    # and the graph is what the layers promise: every app above tournament builds on it
    assert all(("tournament" in {t for (a, t) in app_graph() if a == app})
               for app in ABOVE_TOURNAMENT)


def test_core_imports_no_app_clubs_only_core_and_tournament_only_those():
    assert {target for (app, target) in app_graph() if app == "core"} == set()
    assert {target for (app, target) in app_graph() if app == "clubs"} <= {"core"}
    assert {target for (app, target) in app_graph() if app == "tournament"} <= {"core", "clubs"}


def test_the_apps_above_scoring_use_only_its_door_and_its_reads():
    crossings = {}
    for app in ABOVE_TOURNAMENT[1:]:
        for path in app_files(app):
            names = sorted(
                name for name in imported_modules(path)
                if name.split(".")[0] == "scoring" and name != "scoring"
                and not name.startswith(ABOVE_SCORING_MAY_USE)
                and not (app == "demo" and name.startswith(DEMO_MAY_USE))
            )
            if names:
                crossings[str(path.relative_to(BASE))] = names
    assert crossings == {}


def test_forms_do_not_import_services():
    forms = [p for app in LAYERS for p in app_files(app) if p.name == "forms.py"]
    assert len(forms) >= 4
    for path in forms:
        names = imported_modules(path)
        assert not any(".services" in name for name in names), (path, names)


# --- the one change log ----------------------------------------------------------------------


def test_there_is_one_change_log_model():
    """Every app's changes are records of ``core.models.ChangeRecord``: no other model keeps
    an action (or is named as a log)."""
    logs = sorted(
        model._meta.label
        for app in LAYERS
        for model in apps.get_app_config(app).get_models()
        if any(field.name == "action" for field in model._meta.get_fields())
        or model.__name__.endswith(("Log", "Change", "Changes"))
    )
    assert logs == ["core.ChangeRecord"]


def _string_constants(path: Path) -> set[str]:
    tree = syntax_tree(path)
    return {node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)}


def _imported_objects(path: Path) -> list[tuple[str, object]]:
    """``(module.name, object)`` of every name a module imports from a module of an app."""
    tree = syntax_tree(path)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module.split(".")[0] not in LAYERS:
                continue
            module = importlib.import_module(node.module)
            found.extend(
                (f"{node.module}.{alias.name}", getattr(module, alias.name, None))
                for alias in node.names
            )
    return found


def test_no_app_names_another_apps_action_codes():
    """An app writes, describes and asks for its own actions only: no other app's action code
    or namespace as a string, and no other app's actions class (``core.audit.Actions``) is
    imported. The records of another app are registered by that app (a filter of the change
    log, ``tournament.services.plan.changes_the_plan``)."""
    codes = {code: audit.app_of(code) for space in audit.namespaces().values()
             for code in space.actions.values}
    prefixes = {f"{name}.": name.partition(".")[0] for name in audit.namespaces()}
    assert len(codes) > 50 and set(codes.values()) == {
        "clubs", "tournament", "scoring", "signup", "money", "series", "privacy", "transfer"}
    named: dict[str, list[str]] = {}
    for app in LAYERS:
        for path in app_files(app):
            where = str(path.relative_to(BASE))
            for text in _string_constants(path):
                owner = codes.get(text) or next(
                    (owner for prefix, owner in prefixes.items() if text == prefix), None
                )
                if owner is not None and owner != app:
                    named.setdefault(where, []).append(text)
            for name, value in _imported_objects(path):
                if (isinstance(value, type) and issubclass(value, audit.Actions)
                        and value is not audit.Actions and name.split(".")[0] != app):
                    named.setdefault(where, []).append(name)
    assert named == {}
