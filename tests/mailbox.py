"""A real SMTP server on a free local port (aio-libs' aiosmtpd) for the tests of the e-mails:
Django's SMTP backend sends to it, and the test reads what arrived, as a person would read
their mail: the text, the links in it, the QR code of the HTML part."""

from __future__ import annotations

import re
import socket
from email import message_from_bytes, policy
from email.message import EmailMessage

import pytest
from aiosmtpd.controller import Controller

LINK = re.compile(r"https?://\S+")


class Mailbox:
    """What the server received, in order (``aiosmtpd``'s handler)."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []

    async def handle_DATA(self, server, session, envelope) -> str:
        message = message_from_bytes(envelope.content, policy=policy.default)
        message["X-Envelope-To"] = ", ".join(envelope.rcpt_tos)
        self.messages.append(message)
        return "250 Message accepted for delivery"

    def to(self, address: str) -> list[EmailMessage]:
        return [m for m in self.messages if address in m["X-Envelope-To"]]


def text(message: EmailMessage) -> str:
    return message.get_body(preferencelist=("plain",)).get_content()


def links(message: EmailMessage) -> list[str]:
    return LINK.findall(text(message))


def code(message: EmailMessage) -> str:
    """The registration code the e-mail names (German: "Anmeldecode: ABC234")."""
    found = re.search(r"Anmeldecode: ([A-Z2-9]{6})", text(message))
    assert found, text(message)
    return found.group(1)


def qr_png(message: EmailMessage) -> bytes | None:
    for part in message.walk():
        if part.get_content_type() == "image/png":
            return part.get_content()
    return None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def mailbox(settings):
    """A local SMTP server for the test; Django's SMTP backend sends to it."""
    box = Mailbox()
    controller = Controller(box, hostname="127.0.0.1", port=free_port())
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = "127.0.0.1"
    settings.EMAIL_PORT = controller.port
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.EMAIL_USE_TLS = False
    settings.EMAIL_TIMEOUT = 5
    try:
        yield box
    finally:
        controller.stop()
