"""The tournament app's reads: an event's phase (``phase``), its seating plan as rows (``plan``),
a club's registry of players (``players``)."""
