"""Every limit the application enforces, stated once.

Models, validators, forms, templates and JavaScript take their bounds from here (templates and
scripts through the context and ``data-`` attributes). The rules' own figures (250 trick
points, bids from 150) are in ``scoring.rules``; these are the application's choices.
Pure Python.
"""

from decimal import Decimal
from typing import Final

MIN_ROUNDS: Final = 1
MAX_ROUNDS: Final = 10
DEFAULT_ROUNDS: Final = 3

MIN_GAMES_PER_ROUND: Final = 1
MAX_GAMES_PER_ROUND: Final = 48
DEFAULT_GAMES_PER_ROUND: Final = 12
MAX_GAMES_PER_ENTRY: Final = MAX_ROUNDS * MAX_GAMES_PER_ROUND

MAX_TIE_BREAKS_LENGTH: Final = 100
"""An event's tie-breaks as stored (codes separated by commas), in characters."""
MAX_CLUB_RULES: Final = 20
"""House rules one club keeps under names (``clubs.models.ClubRules``): a club has a few (this
year's, the summer's), and the new-event form lists every one."""

MAX_ROUND_MINUTES: Final = 600
"""The longest planned length of a round (the clock on the event page and the projector), in
minutes: a round of 12 games takes about 90."""

MIN_START_NUMBER: Final = 1
MAX_START_NUMBER: Final = 99_999

MAX_NAME_LENGTH: Final = 200
"""Names of players, clubs, events and venues, in characters."""
MAX_NOTES_LENGTH: Final = 1000
"""An entry's notes, in characters: a few lines ("kommt später, vegetarisch"), typed or imported."""
MAX_SLUG_LENGTH: Final = 80
"""An event's short name (part of its web address), in characters."""
MAX_FORM_TOKEN_LENGTH: Final = 64
"""The one-time token of a form that creates something (``tournament.models.FormSubmission``)."""

MAX_POINTS: Final = 10_000
"""The highest bid or meld accepted: far above any real game, and it keeps the columns sane."""

UNUSUAL_BID: Final = 1000
"""A higher bid needs the scorekeeper's confirmation. Bidding starts at 150 and the tricks give
at most 250, so a bid over 1000 needs more than 750 of meld: only a double Familie (1500) or
eight of a kind (1000) gives that, a hand seen once in many thousand games. A real bid typed with
one zero too many (150 → 1500, 200 → 2000) is always above it."""

MAX_DEVICE_TEXT: Final = 200
"""How much of a phone's browser name (User-Agent) a sheet's trail keeps, in characters."""
MAX_DEVICE_ID: Final = 64
"""The id a sheet page keeps on its device (``scoring/sheet/changes.js``), in characters."""
SHEET_CHECK_SECONDS: Final = 30
"""How often an open sheet page asks whether the sheet changed (the setting
SHEET_CHECK_SECONDS overrides it)."""

MAX_IMPORT_BYTES: Final = 2 * 1024 * 1024
"""An uploaded participant list, as uploaded."""
MAX_IMPORT_REQUEST_BYTES: Final = MAX_IMPORT_BYTES + 64 * 1024
"""The body of the import's upload (route ``import``): the list and the form around it. The
largest request the app takes; the hall's server (``manage.py serve``) refuses anything larger
before reading it."""
MAX_REQUEST_BYTES: Final = 1024 * 1024
"""The body of a request to any other route: far above the largest form (the press report's
20,000 characters, at most 240 kB as a browser sends them; a score sheet of 48 games about
10 kB). A larger one is refused (413) before anything reads it, so no upload is written to
disk (``core.middleware.RequestSizeMiddleware``)."""
MAX_ARCHIVE_BYTES: Final = 3 * MAX_IMPORT_BYTES // 4
"""An event's archive (``transfer.archive``) as uploaded: within the import's request limit
also when the page of its conflicts sends it back (base64, a third larger)."""
MAX_ARCHIVE_UNPACKED_BYTES: Final = 200 * 1024 * 1024
"""A part of an event's archive unpacked (its data of a long evening: a few MB)."""
MAX_IMPORT_UNPACKED_BYTES: Final = 20 * 1024 * 1024
"""An uploaded .xlsx unpacked (it is a zip archive)."""
MAX_IMPORT_XLSX_ELEMENTS: Final = 250_000
"""XML elements (cells, values, rows, …) in all parts of an uploaded .xlsx together: a list of
2000 rows and six columns has about 40,000. Bounds what reading a workbook may cost, in time and
memory, whatever shape it has."""
MAX_IMPORT_ROWS: Final = 2000
"""Participants (rows below the header) of one list. Only the first MAX_IMPORT_ROWS + 1 rows of
a file are read: a list that goes on below them is refused, not cut short."""
MAX_IMPORT_COLUMNS: Final = 50
"""Columns of a list that are read; a value in a column to the right of them refuses the file."""

MAX_CONNECTIONS: Final = 1000
"""Connections the hall's server (``manage.py serve``) keeps open at once: every phone, the
projector and the desk, a few each, with room to spare; a phone that sends its request slowly
holds one of them, never a thread of the app. Beyond it the server closes a waiting connection
of the address that holds the most (``core.hall_server``) rather than stop accepting."""
MAX_CONNECTIONS_PER_ADDRESS: Final = 100
"""Connections the hall's server keeps open for one client address: a browser opens at most
six to a server, so this is room for about 15 phones behind one router's address; beyond it
the address's oldest waiting connection is closed (``core.hall_server``)."""

# Projector: rows per screen and seconds per screen as (default, minimum, maximum).
PROJECTOR_ROWS: Final = (15, 5, 60)
PROJECTOR_SECONDS: Final = (12, 5, 300)

# Standings for many phones at once (scoring.standings.cached_standings).
STANDINGS_CACHE_SECONDS: Final = 10 * 60
"""How long computed standings and their rendered tables stay in the cache. A change never
waits for this (it moves the event's results version, and so the key); it bounds the memory of
the versions no reader asks for any more (an evening moves the version hundreds of times, the
tables of 700 entries are about 230 kB): the current version is computed again at most every
ten minutes."""

# Money (Kasse and prizes), in euros with cents.
MONEY_DIGITS: Final = 8
"""Digits of a stored amount, two of them cents: up to 999,999.99 €."""
MAX_AMOUNT: Final = Decimal("10000.00")
"""The highest Startgeld, lost-game amount, payment or prize accepted: far above any evening,
and it catches an amount typed in cents (750 for 7.50)."""
OVERPAYMENT_ASK: Final = Decimal("5.00")
"""A payment more than this above what is still open for its purpose is taken only after the
desk confirms it (80 € typed for 8 € is a slip, 10 € for 8 € a tip)."""
MAX_PERCENT: Final = Decimal(100)
MAX_PRIZE_PLACE: Final = 1000
"""The last place a prize can be defined for."""
MAX_PRIZE_TEXT: Final = 200
"""A prize's goods or a payment's note, in characters."""
MAX_CATEGORY_LENGTH: Final = 40
"""A player's category (e.g. "Frau", "Jugend"), in characters."""
MAX_PRESS_REPORT_LENGTH: Final = 20_000
"""The press report's edited text printed back (``results.views``), in characters:
a generous page of newspaper text; anything longer is cut."""

# The player registry (``tournament.registry``, ``tournament.services.players``).
MAX_PLAYER_SUGGESTIONS: Final = 8
"""Players the entry form suggests while a name is typed."""
MIN_PLAYER_SEARCH: Final = 2
"""Characters typed before the entry form suggests players."""
MIN_LOOKUP_LETTERS: Final = 3
"""Letters of a name the public seat lookup needs before it searches (fewer would list half
the hall)."""
MAX_REGISTRY_CHOICES: Final = 5
"""Likely duplicates a registration offers to choose from before a new player is created."""
MAX_DUPLICATE_PAIRS: Final = 200
"""Pairs of likely duplicate players the duplicates page lists at once."""
MAX_REGISTRY_ROWS: Final = 500
"""Players a club's registry page lists at once (a search narrows it)."""

# Series (Cup): evenings ranked together (``series.ranking``).
MAX_SERIES_EVENTS: Final = 50
"""Evenings in one series, and the highest "best N"."""
MAX_PLACE_POINTS: Final = 200
"""Places a series' place-points table can give points to."""
MAX_PLACE_POINTS_VALUE: Final = 10_000
"""The most place points a single place can get."""
MAX_SEASON_LENGTH: Final = 20
"""A series' season ("2026", "2026/27"), in characters."""

# Backups while the server runs (``core.backups``, README "After a crash").
BACKUP_SECONDS: Final = 5 * 60
"""How often the server checks whether the database changed and, if so, copies it into
BACKUP_DIR (the setting BACKUP_SECONDS overrides it)."""
MIN_BACKUP_SECONDS: Final = 1
BACKUPS_KEPT: Final = 24
"""Copies kept in the folder, the newest ones: two hours of an evening at the default pace
(a copy is made only when something changed)."""
BACKUP_GRACE_SECONDS: Final = 60
"""The event page warns when the backups have not been checked for two intervals and this."""
BACKUP_TIMEOUT_SECONDS: Final = 10 * 60
"""The longest one copy may take (``pg_dump``); it is then given up as failed."""

# Online registration (``signup``).
MAX_SIGNUP_CAPACITY: Final = 2000
"""The most places (entries: singles and pairs) an event's online registration can offer."""
MAX_EMAIL_LENGTH: Final = 254
"""An e-mail address, in characters (RFC 5321's limit on a path)."""
SIGNUP_CODE_LENGTH: Final = 6
"""A registration code's characters (from ``SIGNUP_CODE_ALPHABET``): 31^6, about 900 million
codes, so a code is not guessed at the door either."""
SIGNUP_CODE_ALPHABET: Final = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""The letters and digits of a registration code: none that are read alike (I/1, O/0)."""
MAX_SIGNUPS_PER_MINUTE: Final = 10
"""Registrations one address may send in a minute; more are refused (django-ratelimit): a
club registering its members is slower than that, a script filling the list is not."""
SIGNUP_NOTICE_MINUTES: Final = 15
"""A registration sent again with an address and name registered already sends that address its
confirmation again, with a word that someone tried: at most once in this many minutes per
address (django-ratelimit), so nobody can fill another's mailbox through the form."""

# Clubs (``clubs``).
MAX_LOGO_BYTES: Final = 200 * 1024
"""A club's logo (PNG or JPEG), as uploaded: enough for a sharp logo on an A4 printout."""
MAX_PRIVACY_NOTICE_LENGTH: Final = 20_000
"""A club's privacy notice (Datenschutzhinweis), in characters."""
DEFAULT_RETENTION_DAYS: Final = 30
"""Days after an evening at which its registrants' e-mail addresses, codes and links are
deleted (``manage.py forget_personal_data``), unless the club sets another number."""
MAX_RETENTION_DAYS: Final = 3650
DEFAULT_INACTIVE_YEARS: Final = 3
"""A player not seen at an evening of the club for this many years is listed for deletion."""
MAX_INACTIVE_YEARS: Final = 30

# A person's data on request (``privacy``).
MAX_PERSONS_FOUND: Final = 50
"""Players of the club's events the privacy page lists for a name searched."""
MAX_INACTIVE_LISTED: Final = 200
"""Inactive players the privacy page lists at once (the longest unseen first)."""

# A club's public pages (``clubsite``).
CLUB_PAGE_EVENTS: Final = 50
"""The coming evenings, and the past ones, that a club's page and its calendar list: each at
most this many, the nearest to today (a club of many seasons keeps a page of one screenful)."""
LOGO_CACHE_SECONDS: Final = 300
"""How long a browser keeps a club's logo before it asks again; it asks with the logo's ETag,
and an unchanged logo is answered without its bytes (304). A new logo shows within this time."""
CALENDAR_REFRESH_HOURS: Final = 12
"""How often a calendar that subscribed to a club's dates is asked to fetch them again."""
