from tests.mailbox import mailbox  # noqa: F401 (a fixture)
