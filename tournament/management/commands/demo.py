"""``manage.py demo``: a demo event with registered entries and a demo organiser account.

Idempotent: running it again leaves an existing demo event and account as they are. This is the
only place where a default password exists, and only for the demo account.
"""

import datetime
import random

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from tournament.models import Event
from tournament.services import register_entry

DEMO_SLUG = "demo"
DEMO_USERNAME = "turnierleitung"
DEMO_PASSWORD = "binokel-demo"

FIRST_NAMES = [
    "Anna", "Berta", "Christa", "Doris", "Elke", "Frieda", "Gerda", "Hilde", "Inge", "Jutta",
    "Karin", "Lore", "Marga", "Nele", "Olga", "Paula", "Rosi", "Sabine", "Trude", "Ute",
    "Albert", "Bernd", "Claus", "Dieter", "Egon", "Fritz", "Gottlob", "Hans", "Jakob", "Karl",
    "Lothar", "Manfred", "Norbert", "Otto", "Paul", "Reinhold", "Siegfried", "Theo", "Willi",
]
LAST_NAMES = [
    "Bauer", "Eberle", "Fischer", "Gaiser", "Häfele", "Hägele", "Kächele", "Klotz", "Maier",
    "Mayer", "Müller", "Nägele", "Pfleiderer", "Rapp", "Schäfer", "Schwab", "Schmid", "Seeger",
    "Stäbler", "Walz", "Weiß", "Wörner", "Ziegler", "Zeller",
]
CLUBS = ["", "", "CVJM Esslingen", "Kirchengemeinde Plochingen", "Binokelfreunde Wendlingen"]


class Command(BaseCommand):
    help = "Create a demo event with registered singles and pairs and a demo organiser account."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--singles", type=int, default=31, help="number of singles")
        parser.add_argument("--pairs", type=int, default=8, help="number of pairs")
        parser.add_argument("--seed", type=int, default=2026, help="random seed for the names")

    @transaction.atomic
    def handle(self, *args, singles: int, pairs: int, seed: int, **options) -> None:
        event, created = Event.objects.get_or_create(
            slug=DEMO_SLUG,
            defaults={
                "name": "Benefizbinokel (Demo)",
                "date": datetime.date.today(),
                "venue": "Gemeindehaus",
            },
        )
        if created:
            rng = random.Random(seed)

            def name() -> str:
                return f"{rng.choice(FIRST_NAMES)} {rng.choice(LAST_NAMES)}"

            for _ in range(singles):
                register_entry(event=event, name=name(), club=rng.choice(CLUBS))
            for _ in range(pairs):
                register_entry(
                    event=event, name=name(), partner_name=name(), club=rng.choice(CLUBS)
                )
            self.stdout.write(
                f"Demo event “{event.name}” created ({singles} singles, {pairs} pairs)."
            )
        else:
            self.stdout.write(f"Demo event “{event.name}” exists already; left as it is.")

        user_model = get_user_model()
        if not user_model.objects.filter(username=DEMO_USERNAME).exists():
            user_model.objects.create_superuser(
                username=DEMO_USERNAME, email="", password=DEMO_PASSWORD
            )
        self.stdout.write(
            f"Organiser login (demo only): user “{DEMO_USERNAME}”, password “{DEMO_PASSWORD}”."
        )
