"""The seating generator ``plan_seating``: every entry's table in every round.

Entries are plain start numbers; a table is a tuple of start numbers in seating order, a pairs
table the 2-tuple ``(a, b)`` of two pairs seated A1, B1, A2, B2 (``tournament.seats``). The
terms are in ``docs/glossary.md``, the rules of seating in ``docs/rules.md``. Pure Python,
standard library only.

Quality goals of the plan (for the default of three rounds they are reached exactly):

* entries meet as rarely as possible: the repeat cost ``C`` -- the sum over every two entries of
  ``m * (m - 1) / 2``, where ``m`` is how often they share a table -- is minimal;
* roles rotate: over three rounds every single is first-named at most once and third-named at
  most once (exactly once each when all tables are three-tables); in general at most
  ``ceil(rounds / 3)`` times each. Every pair is pair A in ``floor`` or ``ceil`` of
  ``rounds / 2`` rounds;
* the seats at four-tables of singles are spread evenly: nobody sits at such a table more than
  ``ceil(four-table seats / singles)`` times (see :func:`four_table_limit` for the one exception,
  13 singles in three rounds).

For three rounds the minimum of ``C`` is 0 for 9, 12 and every number of singles from 13 on (and
for four or more pairs); for small fields it is 9 (3 singles), 18 (4), 6 (6), 9 (7), 12 (8),
3 (10) and 6 (11), and 3 for two pairs. Other numbers of rounds are served best effort.

Method: singles and pairs are independent sub-problems. Pairs follow a round robin (circle method).
Singles start from a random draw that already spreads the four-table seats evenly; a tabu search
then swaps two singles of one round between tables until the repeat cost reaches its proven
minimum (or a lower bound, or the search budget is spent). The roles are assigned afterwards:
a flow picks two "role seats" per table (first- and third-named) within each single's quota, and
an Euler orientation of the resulting graph splits them fairly into first and third. Everything
is driven by ``random.Random(seed)``, so a plan is reproducible from its seed.

The modules, one job each:

- ``checks``: the input checks and :class:`SeatingError`;
- ``graphs``: a balanced orientation of a graph's edges and a small maximum flow;
- ``roles``: who is first- and third-named (pair A and pair B) at every table;
- ``search``: the local search on swaps within a round, for the first plan and the re-plan;
- ``plan``: the first plan (singles, pairs) and the entry point ``plan_seating``;
- ``replan``: re-planning the rounds not yet started, with the played rounds as history and
  fixed seats.
- ``keep``: keeping the printed tables of the rounds re-planned where the plan is no worse for
  it.

The public names are re-exported here.
"""

from tournament.seating.checks import SeatingError
from tournament.seating.plan import four_table_limit, plan_seating

__all__ = ["SeatingError", "four_table_limit", "plan_seating"]
