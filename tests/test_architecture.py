"""The shape the code promises: pure modules import no Django, and the tournament app reaches
scoring only through its one door, ``scoring.interface``."""

import ast
import os
import subprocess
import sys
from pathlib import Path

from django.conf import settings

BASE = Path(settings.BASE_DIR)

PURE_MODULES = [
    "tournament.errors",
    "tournament.limits",
    "tournament.seats",
    "tournament.seating",
    "tournament.seating.checks",
    "tournament.seating.graphs",
    "tournament.seating.roles",
    "tournament.seating.search",
    "tournament.seating.plan",
    "tournament.seating.replan",
    "tournament.imports",
    "tournament.text",
    "tournament.registry",
    "tournament.money",
    "tournament.prizes",
    "scoring.rules",
    "scoring.sheet_rows",
    "scoring.ranking",
    "scoring.simulate",
    "scoring.melds",
    "scoring.series",
    "scoring.press",
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


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_tournament_reaches_scoring_only_through_its_interface():
    files = [p for p in (BASE / "tournament").rglob("*.py") if "migrations" not in p.parts]
    assert len(files) > 20
    crossings = {
        str(path.relative_to(BASE)): sorted(
            name for name in imported_modules(path)
            if name.split(".")[0] == "scoring" and not name.startswith("scoring.interface")
            and name != "scoring"
        )
        for path in files
    }
    assert {path: names for path, names in crossings.items() if names} == {}
    users = [path for path in files if "scoring.interface" in imported_modules(path)]
    assert users, "the interface is the door: someone uses it"


def test_forms_do_not_import_services():
    for app in ("tournament", "scoring"):
        names = imported_modules(BASE / app / "forms.py")
        assert not any(".services" in name for name in names), (app, names)
